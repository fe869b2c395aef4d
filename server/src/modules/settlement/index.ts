/** Public face of modules/settlement: Plans that mature and pay exactly once: the settle job, the sweep, the admin queue. Other folders import only this file. */
export * from './settle-one';
export * from './settlement.entity';
export * from './settlement.service';
export * from './settlement.module';
export {
  DUE_FOR_SETTLEMENT_SQL,
  SETTLEMENT_PRINCIPAL_SQL,
  SETTLEMENT_PROFIT_SQL,
  settlementProfitOfY,
} from './settlement-effects';
