export { createQueue, enqueue, TRACE_KEY, type EnqueueOptions } from './queue';
export { startWorker, type JobProcessor, type RunningWorker } from './worker';
export { redisOptionsFromUrl } from './redis-options';
export { startPeriodicSweep, type PeriodicSweep, type PeriodicSweepOptions } from './periodic-sweep';
