import { registerEnumType } from 'type-graphql';

/**
 * Where a confirmed deposit stands after its term (issue 12); null while the term runs. Its own
 * file so the transaction entity can use it without loading the settlement service.
 */
export enum SettlementState {
  /** Matured; waits for an admin ("Due for settlement", review mode). */
  DUE = 'DUE',
  /** Could not apply (a bucket would go negative); waits for an admin, `settlementNote` says why. */
  HELD = 'HELD',
  /** Profit (and principal) credited, exactly once. */
  SETTLED = 'SETTLED',
}
registerEnumType(SettlementState, { name: 'SettlementState' });
