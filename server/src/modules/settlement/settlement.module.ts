import type { DataSource } from 'typeorm';
import type { Clock } from '../../kernel/clock';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../../platform/audit';
import type { JobQueue, ModuleWork } from '../../platform/jobs';
import type { TransactionEvents } from '../../platform/timeline';
import { SETTLE_JOB, SettlementService, type SettlementOptions } from './settlement.service';

/** How often matured deposits the settle jobs missed are swept (settled, or marked due for review). */
export const SETTLEMENT_SWEEP_SECONDS = 60;

/** The settlement module as the composition root wires it: its service, the settle job and the sweep. */
export interface SettlementModule extends ModuleWork {
  service: SettlementService;
}

/** Wires settlement once: the service, the job each confirmed deposit sends for its maturity, the minute sweep. */
export function createSettlement(
  deps: {
    ds: DataSource;
    queue: JobQueue;
    events: TransactionEvents;
    audit: AuditService;
    clock: Clock;
    logger: Logger;
  },
  options: SettlementOptions,
): SettlementModule {
  const { ds, queue, events, audit, clock, logger } = deps;
  const service = new SettlementService(ds, queue, events, audit, clock, logger, options);
  return {
    service,
    jobs: [{ name: SETTLE_JOB, handle: (job) => service.runJob(job) }],
    periodic: [
      { name: 'settlement.settleDue', everySeconds: SETTLEMENT_SWEEP_SECONDS, run: () => service.settleDue() },
    ],
  };
}
