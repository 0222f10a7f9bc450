export * from './smtp-sink';
export * from './otlp-receiver';
export * from './database';
export * from './free-port';
export * from './identity-process';
export * from './identity-driver';
export * from './metrics';
export * from './caller-key';
