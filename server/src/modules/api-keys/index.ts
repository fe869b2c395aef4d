/** Public face of modules/api-keys: Integrators' scoped API keys: creation, authentication, call records and the failure limiter. Other folders import only this file. */
export * from './api-key.service';
