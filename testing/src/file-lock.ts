import { spawn } from 'node:child_process';

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the same flock(1) lock the other scripts use (here /tmp/kassa-next-build.lock) and holds it until released.
 * A `flock <file> cat` child holds it: closing its stdin ends `cat` and frees the lock, which also happens when
 * this process dies, since the pipe closes with it.
 */
export function holdFileLock(path: string, onWaiting: () => void): Promise<HeldLock> {
  return new Promise((resolve, reject) => {
    const child = spawn('flock', [path, 'sh', '-c', 'echo locked; exec cat'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const waiting = setTimeout(onWaiting, 500);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`flock ${path} exited with ${code} before taking the lock`)));
    child.stdout.once('data', () => {
      clearTimeout(waiting);
      // A lock held for the life of the process must not keep the process alive: its pipes close when it exits.
      child.unref();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      (child.stdout as unknown as { unref?: () => void }).unref?.();
      resolve({
        async release() {
          child.stdin.end();
          await exited;
        },
      });
    });
  });
}
