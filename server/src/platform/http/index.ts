/** Public face of platform/http: HTTP plumbing below the transports: access log, answer hooks, closing gate, health. Other folders import only this file. */
export * from './access-log';
export * from './answered';
export * from './closing-gate';
export * from './health';
export * from './fixed-document';
export * from './cors-policy';
