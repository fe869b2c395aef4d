/** Public face of platform/metrics: Prometheus metrics: registry, HTTP, GraphQL, pool, backlog and live counters, the endpoint. Other folders import only this file. */
export * from './backlog';
export * from './endpoint';
export * from './live-metrics';
export * from './registry';
