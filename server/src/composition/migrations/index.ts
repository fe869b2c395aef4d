import { Initial1763769600000 } from './1763769600000-Initial';
import { Auth1763856000000 } from './1763856000000-Auth';
import { Contact1763942400000 } from './1763942400000-Contact';
import { Upload1764028800000 } from './1764028800000-Upload';
import { Coin1764115200000 } from './1764115200000-Coin';
import { LedgerAmounts1764201600000 } from './1764201600000-LedgerAmounts';
import { AdminSearch1764288000000 } from './1764288000000-AdminSearch';
import { Hardening1764374400000 } from './1764374400000-Hardening';
import { MailOutbox1764460800000 } from './1764460800000-MailOutbox';
import { Idempotency1764547200000 } from './1764547200000-Idempotency';
import { TransactionEvents1764633600000 } from './1764633600000-TransactionEvents';
import { Notifications1764720000000 } from './1764720000000-Notifications';
import { Settlement1764806400000 } from './1764806400000-Settlement';
import { SecondFactor1764892800000 } from './1764892800000-SecondFactor';
import { AdminSort1764979200000 } from './1764979200000-AdminSort';
import { SharedState1765065600000 } from './1765065600000-SharedState';
import { ListPaging1765152000000 } from './1765152000000-ListPaging';
import { PlanChanges1765238400000 } from './1765238400000-PlanChanges';
import { UserPaging1765324800000 } from './1765324800000-UserPaging';
import { UserNameOrder1765411200000 } from './1765411200000-UserNameOrder';
import { CallerChanges1765497600000 } from './1765497600000-CallerChanges';
import { LedgerChanges1765584000000 } from './1765584000000-LedgerChanges';
import { StepUp1765670400000 } from './1765670400000-StepUp';
import { DropPeriodicTask1765756800000 } from './1765756800000-DropPeriodicTask';
import { ChainDeposits1765843200000 } from './1765843200000-ChainDeposits';
import { Webhooks1765929600000 } from './1765929600000-Webhooks';
import { LedgerReconciliation1766030400000 } from './1766030400000-LedgerReconciliation';
import { UserSessions1766117000000 } from './1766117000000-UserSessions';
import { AuditLogPaging1766120000000 } from './1766120000000-AuditLogPaging';
import { OverviewTotals1766124060000 } from './1766124060000-OverviewTotals';
import { UserLocale1766200000000 } from './1766200000000-UserLocale';

/** Migrations in order; run at every start (already-applied ones are skipped). */
export const MIGRATIONS = [
  Initial1763769600000,
  Auth1763856000000,
  Contact1763942400000,
  Upload1764028800000,
  Coin1764115200000,
  LedgerAmounts1764201600000,
  AdminSearch1764288000000,
  Hardening1764374400000,
  MailOutbox1764460800000,
  Idempotency1764547200000,
  TransactionEvents1764633600000,
  Notifications1764720000000,
  Settlement1764806400000,
  SecondFactor1764892800000,
  AdminSort1764979200000,
  SharedState1765065600000,
  ListPaging1765152000000,
  PlanChanges1765238400000,
  UserPaging1765324800000,
  UserNameOrder1765411200000,
  CallerChanges1765497600000,
  LedgerChanges1765584000000,
  StepUp1765670400000,
  DropPeriodicTask1765756800000,
  ChainDeposits1765843200000,
  Webhooks1765929600000,
  LedgerReconciliation1766030400000,
  UserSessions1766117000000,
  AuditLogPaging1766120000000,
  OverviewTotals1766124060000,
  UserLocale1766200000000,
];
