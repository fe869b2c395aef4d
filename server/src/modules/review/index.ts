/** Public face of modules/review: An admin's review of a transaction: confirm or decline, with its ledger and settlement effects. Other folders import only this file. */
export * from './transaction-status.service';
export * from './bulk-status';
