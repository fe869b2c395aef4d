import { Account } from '../modules/account/account.entity';
import { LedgerEntry } from '../modules/account/ledger-entry.entity';
import { AuditEvent } from '../modules/audit/audit-event.entity';
import { OtpCode } from '../modules/auth/otp-code.entity';
import { PasswordReset } from '../modules/auth/password-reset.entity';
import { CoinPrice } from '../modules/coin/coin-price.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { ContactMessage } from '../modules/contact/contact-message.entity';
import { Plan } from '../modules/plan/plan.entity';
import { Settlement } from '../modules/settlement/settlement.entity';
import { Transaction } from '../modules/transaction/transaction.entity';
import { Upload } from '../modules/upload/upload.entity';
import { TransactionEvent } from '../modules/timeline/transaction-event.entity';
import { User } from '../modules/user/user.entity';
import { DepositWallet } from '../modules/wallet/deposit-wallet.entity';

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
];
