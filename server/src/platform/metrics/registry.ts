import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { backlogMetrics } from './backlog';
import { graphqlMetrics } from './graphql-metrics';
import { httpMetrics } from './http-metrics';
import { type CountLiveRefusal, liveMetrics } from './live-metrics';
import { poolMetrics } from './pool-metrics';

/** One app's metrics and the pieces app.ts wires in (middleware, Apollo plugin, stop hooks). */
export interface AppMetrics {
  /** Its own registry, never prom-client's global one: several apps in one process (tests) don't collide. */
  registry: Registry;
  /** Express middleware counting and timing every request by route pattern and status. */
  http: RequestHandler;
  /** Apollo plugin counting operations and errors; when Apollo stops it runs the stop hooks. */
  graphql: ApolloServerPlugin;
  /** Counts a refusal of the GraphQL WebSocket's caps (`cryptovest_live_refusals_total`). */
  liveRefused: CountLiveRefusal;
  /** Runs `fn` when the app stops (closes the METRICS_PORT listener). */
  onStop(fn: () => Promise<void>): void;
}

/**
 * Builds the registry: prom-client's default process metrics (CPU, memory, event loop lag, GC,
 * handles; unprefixed, as dashboards expect), and the app's own `cryptovest_*` metrics: HTTP,
 * GraphQL, database pool (read from `ds` when scraped), queue backlogs (see registerBacklog).
 */
export function createMetrics(ds: DataSource): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolMetrics(registry, ds);
  backlogMetrics(registry);
  const stops: Array<() => Promise<void>> = [];
  return {
    registry,
    http: httpMetrics(registry),
    graphql: {
      ...graphqlMetrics(registry),
      async serverWillStart() {
        return {
          async serverWillStop() {
            await Promise.all(stops.splice(0).map((stop) => stop()));
          },
        };
      },
    },
    liveRefused: liveMetrics(registry),
    onStop: (fn) => void stops.push(fn),
  };
}
