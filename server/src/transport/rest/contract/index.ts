import type { Operation } from './operation';
import * as wallet from './wallet.contract';
import * as depositAddress from './deposit-address.contract';
import * as plan from './plan.contract';
import * as auth from './auth.contract';
import * as secondFactor from './second-factor.contract';
import * as session from './session.contract';
import * as user from './user.contract';
import * as site from './site.contract';
import * as contact from './contact.contract';
import * as account from './account.contract';
import * as transaction from './transaction.contract';
import * as settlement from './settlement.contract';
import * as coin from './coin.contract';
import * as upload from './upload.contract';
import * as testClock from './test-clock.contract';
import * as notification from './notification.contract';
import * as webhook from './webhook.contract';
import * as statement from './statement.contract';

/** The contract modules in the order router.ts mounts their route groups (express matches in that order). */
const MODULES = [
  wallet,
  depositAddress,
  plan,
  auth,
  secondFactor,
  session,
  user,
  site,
  contact,
  account,
  transaction,
  settlement,
  coin,
  upload,
  testClock,
  notification,
  webhook,
  statement,
];

/** Every REST operation's contract entry: what the router mounts and the OpenAPI document lists. */
export const REST_OPERATIONS: readonly Operation[] = MODULES.flatMap((m) => Object.values(m)).filter(
  (v): v is Operation => typeof v === 'object' && v !== null && 'method' in v && 'path' in v,
);

/** The document's sections, in order. */
export const REST_TAGS = [
  { name: 'Wallets', description: "The operator's deposit addresses per exchange" },
  {
    name: 'Deposit addresses',
    description: "Where an investor pays a deposit: their own watched address or the operator's",
  },
  { name: 'Plans', description: 'The investment plans' },
  { name: 'Auth', description: "Sign-up, sign-in, e-mail codes, password reset and change, the caller's profile" },
  { name: 'Second factor', description: 'Two-factor sign-in, authenticator set-up, admin enrolment and step-up' },
  { name: 'Users', description: "The admin's users table and edits" },
  { name: 'Site', description: "The operator's public content and form policy" },
  { name: 'Contact', description: 'The public contact form' },
  { name: 'Accounts', description: 'Investor accounts: balances, withdrawal addresses, admin adjustments and ledger' },
  { name: 'Transactions', description: 'Deposits, withdrawals, their status and timelines' },
  { name: 'Settlements', description: 'Matured deposits waiting for an admin, and settling them' },
  { name: 'Coins', description: 'Market prices of the coins' },
  { name: 'Uploads', description: 'Proof and profile images' },
  { name: 'Notifications', description: "The caller's in-app notifications" },
  { name: 'Webhooks', description: 'Endpoints that receive signed events, their secrets and delivery logs' },
  { name: 'Statements', description: "Investors' account statements (CSV, PDF) and the accounting export" },
  { name: 'Sessions', description: "The caller's signed-in devices, and signing them out" },
] as const;
