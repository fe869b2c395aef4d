/** Public face of modules/ledger: The one owner of account buckets and ledger entries: both writers, the invariant, the signup bonus. Other folders import only this file. */
export * from './apply-ledger';
export * from './batch-writer';
export * from './buckets';
export * from './ledger-entry.entity';
export * from './signup-bonus';
export * from './written';
