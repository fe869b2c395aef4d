/** Public face of modules/ledger: The one owner of account buckets and ledger entries: both writers, the invariant and its scheduled reconciliation, the signup bonus. Other folders import only this file. */
export * from './apply-ledger';
export * from './balance-history';
export * from './batch-writer';
export * from './buckets';
export * from './invariant';
export * from './ledger-entry.entity';
export * from './reconciliation';
export * from './signup-bonus';
export * from './written';
