import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../../platform/audit';
import type { BackgroundWork, JobQueue, JobRun, ModuleWork } from '../../platform/jobs';
import type { MailOutbox } from '../../platform/mail';
import type { EventListener } from '../../platform/timeline';
import { EndpointHealth } from './endpoint-health';
import { EndpointSecrets } from './endpoint-secrets';
import { resolveAllWith, type ResolveAll } from './target-guard';
import { WEBHOOK_DELIVER_JOB, WebhookDeliveries } from './webhook-deliveries';
import { WebhookService } from './webhook.service';

/** How often deliveries left without a live job (or with a dead sender's claim) get one again. */
export const WEBHOOK_SWEEP_SECONDS = 300;

/** The webhook module as the composition root wires it: the service, the timeline listener, the delivery job and the sweep. */
export interface WebhookModule extends ModuleWork {
  service: WebhookService;
  deliveries: WebhookDeliveries;
  /** Add to `TransactionEvents.onRecorded`: deliveries are written in the transaction of their events. */
  onEvents: EventListener;
}

/**
 * Wires webhooks once. `resolveAll` (tests) replaces the system resolver, in the creation checks
 * and in every delivery's connection alike.
 */
export function createWebhooks(deps: {
  ds: DataSource;
  config: Pick<Config, 'webhooks' | 'sealingKeys' | 'site'>;
  queue: JobQueue;
  background: BackgroundWork;
  outbox: Pick<MailOutbox, 'queue'>;
  audit: AuditService;
  clock: Clock;
  logger: Logger;
  resolveAll?: ResolveAll;
}): WebhookModule {
  const { ds, config, queue, background, outbox, audit, clock, logger } = deps;
  const { timeoutMs, allowHttp, allowPrivateTargets } = config.webhooks;
  const resolveAll = deps.resolveAll ?? resolveAllWith();
  const secrets = new EndpointSecrets(config.sealingKeys);
  const health = new EndpointHealth(outbox, audit, config.site.brandName);
  const deliveries = new WebhookDeliveries(ds, queue, background, secrets, health, clock, logger, {
    timeoutMs,
    resolveAll,
    allowPrivateTargets,
  });
  const service = new WebhookService(ds, deliveries, secrets, audit, clock, {
    allowHttp,
    allowPrivateTargets,
    resolveAll,
  });
  return {
    service,
    deliveries,
    onEvents: (m, events) => deliveries.enqueue(m, events),
    jobs: [
      {
        name: WEBHOOK_DELIVER_JOB,
        handle: (job) => deliveries.runJob(job as unknown as JobRun<{ deliveryId: string }>),
      },
    ],
    periodic: [
      { name: 'webhook.requeueStranded', everySeconds: WEBHOOK_SWEEP_SECONDS, run: () => deliveries.requeueStranded() },
    ],
  };
}
