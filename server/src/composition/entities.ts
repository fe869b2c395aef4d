import { Account } from '../modules/account';
import { LedgerEntry } from '../modules/ledger';
import { AuditEvent } from '../platform/audit';
import { OtpCode, PasswordReset } from '../modules/auth';
import { CoinPrice } from '../modules/coin';
import { Notification } from '../modules/notifications';
import { ContactMessage } from '../modules/contact';
import { Plan } from '../modules/plan';
import { Settlement } from '../modules/settlement';
import { Transaction } from '../modules/transaction';
import { Upload } from '../modules/upload';
import { TransactionEvent } from '../platform/timeline';
import { User } from '../modules/user';
import { DepositWallet } from '../modules/wallet';
import { DepositAddress } from '../modules/chain';
import { WebhookDelivery, WebhookEndpoint } from '../modules/webhook';

/** Every TypeORM entity; the DataSource and tests share this one list. */
export const ENTITIES = [
  User,
  Account,
  LedgerEntry,
  Transaction,
  Plan,
  DepositWallet,
  AuditEvent,
  OtpCode,
  PasswordReset,
  ContactMessage,
  CoinPrice,
  Upload,
  TransactionEvent,
  Settlement,
  Notification,
  DepositAddress,
  WebhookEndpoint,
  WebhookDelivery,
];
