import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { backlogMetrics } from './backlog';
import { type BuildInfo, buildInfoMetric } from './build-info';
import { graphqlMetrics } from './graphql-metrics';
import { httpMetrics } from './http-metrics';
import { type CountLiveRefusal, liveMetrics } from './live-metrics';
import { poolMetrics } from './pool-metrics';
import { ScrapeReads } from './scrape-reads';
import type { SecurityMetrics } from './security-metrics';
import {
  jobMetrics,
  type JobStatsSource,
  ledgerMetrics,
  readinessMetrics,
  type ReadinessVerdict,
  type ReconciliationSource,
  type SettlementBacklogSource,
  settlementMetrics,
} from './state-metrics';

/** What the app's services show on /metrics besides HTTP and GraphQL (each optional: tests build bare registries). */
export interface MetricSources {
  /** /readyz's verdict, computed afresh at each scrape (`cryptovest_ready`, `cryptovest_readiness_check_up`). */
  readiness?: () => Promise<ReadinessVerdict>;
  /** The job queue, per pg-boss queue (`cryptovest_jobs_*`). */
  jobs?: JobStatsSource;
  /** Matured deposits not yet paid (`cryptovest_settlement_matured_unsettled*`). */
  settlement?: SettlementBacklogSource;
  /** The ledger reconciliation's stored result (`cryptovest_ledger_*`). */
  ledger?: ReconciliationSource;
  /** The process's security counters (login failures, lockouts, rate-limit refusals). */
  security?: SecurityMetrics;
  /** The release this process runs (`cryptovest_build_info`). */
  build?: BuildInfo;
}

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
 * GraphQL, database pool (read from `ds` when scraped), queue backlogs (see registerBacklog), and
 * whatever `sources` the app passes (readiness, jobs per queue, settlement, ledger, security, build).
 * docs/operations.md "Metrics" lists them; deploy/prometheus and deploy/grafana use them.
 */
export function createMetrics(ds: DataSource, sources: MetricSources = {}): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolMetrics(registry, ds);
  backlogMetrics(registry);
  const reads = new ScrapeReads(registry);
  if (sources.readiness) readinessMetrics(registry, sources.readiness);
  if (sources.jobs) jobMetrics(registry, reads, sources.jobs);
  if (sources.settlement) settlementMetrics(registry, reads, sources.settlement);
  if (sources.ledger) ledgerMetrics(registry, reads, sources.ledger);
  sources.security?.register(registry);
  if (sources.build) buildInfoMetric(registry, sources.build);
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
