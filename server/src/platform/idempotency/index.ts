/** Public face of platform/idempotency: Idempotency keys of money mutations: each runs once per user and key. Other folders import only this file. */
export * from './fingerprint';
export * from './idempotency.service';
