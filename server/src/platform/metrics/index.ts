/** Public face of platform/metrics: Prometheus metrics: registry, HTTP, GraphQL, pool, backlog, live, job, settlement, ledger, readiness, security and build metrics, the endpoint. Other folders import only this file. */
export * from './backlog';
export * from './build-info';
export * from './endpoint';
export * from './live-metrics';
export * from './registry';
export * from './security-metrics';
export * from './state-metrics';
