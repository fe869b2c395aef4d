/** Public face of modules/transaction: Deposits and withdrawals: creation, lists, investors' own reads, blockchain ids, proofs. Other folders import only this file. */
export * from './blockchain-id';
export * from './chain-check';
export * from './chain-deposits';
export * from './decimal-text';
export * from './my-transaction-filter';
export * from './own-ledger-reads';
export * from './settlement-state';
export * from './transaction-list';
export * from './transaction.entity';
export * from './transaction.service';
