import type { DataSource } from 'typeorm';
import { type Clock, OffsetClock, systemClock } from '../kernel/clock';
import type { Config } from '../kernel/config';
import type { Logger } from '../kernel/logger';
import { AccountAdminService, AccountService } from '../modules/account';
import {
  BalanceHistoryReader,
  createLedgerReconciliation,
  ledgerWritten,
  type LedgerReconciliation,
} from '../modules/ledger';
import { ChainDeposits, OwnLedgerReads, TransactionService } from '../modules/transaction';
import { AuditLog, AuditService } from '../platform/audit';
import { ApiKeyService } from '../modules/api-keys';
import { AuthService, Admins, OtpService } from '../modules/auth';
import {
  type EnrolmentCodes,
  createSecondFactor,
  type SecondFactorService,
  type SignInSteps,
} from '../modules/second-factor';
import { CoinService, createCoins } from '../modules/coin';
import { BackgroundWork, JobQueue, registerModuleWork, Scheduler } from '../platform/jobs';
import { IdempotencyService, idempotencyWork } from '../platform/idempotency';
import { TransactionEvents } from '../platform/timeline';
import { ContactService } from '../modules/contact';
import { budgetRules, Budgets, budgetsWork, RateLimits } from '../platform/limits';
import { SecurityMetrics } from '../platform/metrics';
import { Mailer, DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, MailOutbox, outboxWork } from '../platform/mail';
import { Notifier, UserService } from '../modules/user';
import { NotificationMails, NotificationService } from '../modules/notifications';
import { sessionsWork, TokenService } from '../modules/identity';
import { PlanService } from '../modules/plan';
import { createChains, type ChainModule } from '../modules/chain';
import { createSettlement, type SettlementHooks, SettlementService } from '../modules/settlement';
import { createOverview, type OverviewService } from '../modules/overview';
import { TransactionStatusService } from '../modules/review';
import { createUploads, UploadService } from '../modules/upload';
import { WalletService } from '../modules/wallet';
import { StatementService } from '../modules/statement';
import { createWebhooks, type ResolveAll, type WebhookDeliveries, type WebhookService } from '../modules/webhook';

/** The one service layer. GraphQL resolvers and REST routes both call these, nothing else. */
export interface Services {
  config: Readonly<Config>;
  logger: Logger;
  ds: DataSource;
  /** The one source of time (tests pass a clock they can move). */
  clock: Clock;
  budgets: Budgets;
  limits: RateLimits;
  /** Work started by a request but finished after its answer (awaited on shutdown). */
  background: BackgroundWork;
  audit: AuditService;
  /** Reads the audit trail for the admin audit log. */
  auditLog: AuditLog;
  tokens: TokenService;
  plans: PlanService;
  wallets: WalletService;
  users: UserService;
  auth: AuthService;
  mailer: Mailer;
  /** Every e-mail goes through it: queued in its event's transaction, sent at once, retried by a job. */
  outbox: MailOutbox;
  /** The pg-boss job queue: `start()` in every process, `work()` in servers after listening, `stop()` before the pool closes. */
  queue: JobQueue;
  contact: ContactService;
  coins: CoinService;
  accounts: AccountService;
  /** Investors' own account and transaction pages, kept in memory while their changes are heard. */
  ownLedger: OwnLedgerReads;
  /** The investor overview chart's per-day balance, investment and profit (a ledger read). */
  balanceHistory: BalanceHistoryReader;
  accountAdmin: AccountAdminService;
  transactions: TransactionService;
  transactionStatus: TransactionStatusService;
  uploads: UploadService;
  /** Every transaction's timeline; listeners (notifications, live updates) run in the recording transaction. */
  events: TransactionEvents;
  /** In-app notifications: fed by `events` and admin messages, mailed and published live in their transaction. */
  notifications: NotificationService;
  /** Idempotency keys of money mutations: each runs once per user and key. */
  idempotency: IdempotencyService;
  /** Plans that mature and pay, exactly once: the settle job, the minute sweep, the admin's queue. */
  settlement: SettlementService;
  /** The admin overview's figures (`/admin`): one SQL statement over accounts, transactions and users. */
  adminOverview: OverviewService;
  /** TEST ONLY: the movable clock behind POST /api/test/clock (null unless config.testClockControl). */
  testClock: OffsetClock | null;
  /** Authenticator apps, recovery codes and passkeys in Settings, step-up, admin enrolment codes. */
  secondFactor: SecondFactorService;
  /** The second step of a password sign-in (authenticator, recovery code or passkey). */
  secondFactorSignIn: SignInSteps;
  /** Administrators' one-time enrolment codes (also printed by the operator command). */
  enrolmentCodes: EnrolmentCodes;
  /** Administrators made at start (ADMIN_EMAIL) and by the operator command, with their enrolment codes. */
  admins: Admins;
  /** Integrators' scoped API keys. */
  apiKeys: ApiKeyService;
  /** Deposits the chain proves: investors' own addresses and the chain watchers (issue 35). */
  chains: ChainModule;
  /** Users' webhook endpoints (issue 36): create, change, rotate, delete, the delivery log, redelivery. */
  webhooks: WebhookService;
  /** Webhook deliveries: written with their events, attempted after the commit, retried by jobs on the retry schedule. */
  webhookDeliveries: WebhookDeliveries;
  /** Periodic work (clean-ups, sweeps, price refresh), each run once across all instances via the job queue (started by main, never in tests). */
  scheduler: Scheduler;
  /** Login failures, lockouts and rate-limit refusals, counted where auth and the budgets decide (shown on /metrics). */
  security: SecurityMetrics;
  /** The scheduled check of every account's buckets against the ledger; its stored result feeds /metrics. */
  ledgerReconciliation: LedgerReconciliation;
  /** Investors' statements for a period (CSV, PDF) and the admins' accounting export of transactions. */
  statements: StatementService;
}

/** Idempotency records live 24 hours; a claim may run a minute; a duplicate waits up to 30 s for it. */
const IDEMPOTENCY = { ttlHours: 24, leaseSeconds: 60, waitMs: 30_000 };

/** Knobs tests turn (shorter retries and polling); production uses the defaults. */
export interface ServiceTuning {
  /** Servers: pg-boss's cron monitor sends the scheduled jobs from this process (main.ts sets it). */
  sendsScheduled?: boolean;
  mailDelivery?: Partial<DeliveryPolicy>;
  jobPollingIntervalSeconds?: number;
  /** Deposits per sweep transaction (tests use small batches), and the crash seam of settlement tests. */
  settlementBatchSize?: number;
  settlementHooks?: SettlementHooks;
  /** Resolves webhook host names instead of the system resolver (tests: a name that moves to another address). */
  webhookResolver?: ResolveAll;
}

/** Wires services once per process. */
export function createServices(
  config: Readonly<Config>,
  ds: DataSource,
  logger: Logger,
  baseClock: Clock = systemClock,
  tuning: ServiceTuning = {},
): Services {
  // TEST ONLY: the browser tests move this clock (POST /api/test/clock); config allows it only under NODE_ENV=test.
  const testClock = config.testClockControl ? new OffsetClock(baseClock) : null;
  const clock: Clock = testClock ?? baseClock;
  const audit = new AuditService(ds);
  const tokens = new TokenService(config, ds, clock);
  const mailer = new Mailer(config, logger);
  const otp = new OtpService(ds, [config.jwtSecret, ...config.jwtSecretsPrevious], config.otpLength, clock);
  const security = new SecurityMetrics(Object.values(budgetRules(config.rateLimits)).map((rule) => rule.name));
  const budgets = new Budgets(ds, clock, security);
  const limits = new RateLimits(budgets, config, security);
  const wallets = new WalletService(ds);
  const background = new BackgroundWork(logger);
  const databaseUrl = (ds.options as { url?: string }).url;
  if (!databaseUrl) throw new Error('createServices needs a DataSource made from a URL (the job queue connects to it)');
  const queue = new JobQueue({
    url: databaseUrl,
    logger,
    timeouts: config.database,
    pollingIntervalSeconds: tuning.jobPollingIntervalSeconds,
    sendsScheduled: tuning.sendsScheduled,
  });
  const outbox = new MailOutbox(ds, mailer, queue, background, audit, clock, logger, {
    ...DEFAULT_DELIVERY_POLICY,
    // A claim outlives any send: each SMTP step may take up to SMTP_TIMEOUT_MS.
    leaseSeconds: Math.max(DEFAULT_DELIVERY_POLICY.leaseSeconds, Math.ceil((config.smtpTimeoutMs * 10) / 1000)),
    ...tuning.mailDelivery,
  });
  const notifier = new Notifier(outbox, config.site.brandName);
  const accounts = new AccountService(ds, audit, clock, notifier, config);
  const notifications = new NotificationService(
    ds,
    new NotificationMails(outbox, config.site.brandName, config.publicUrl),
    clock,
  );
  const secondFactor = createSecondFactor({
    ds,
    config,
    tokens,
    limits,
    audit,
    outbox,
    clock,
    logger,
    signals: security,
  });
  const events = new TransactionEvents(ds, clock);
  const webhooks = createWebhooks({
    ds,
    config,
    queue,
    background,
    outbox,
    audit,
    clock,
    logger,
    resolveAll: tuning.webhookResolver,
  });
  // Every batch of timeline events: its notifications, their mails and one live publish, in its transaction.
  events.onRecorded((m, batch) => notifications.recordEvents(m, batch));
  // Every change to a transaction row records an event: its owner's kept reads go once it commits.
  events.onRecorded(async (m, batch) => {
    for (const event of batch) ledgerWritten(m, event.userId);
  });
  // Every batch of timeline events: a delivery (and its job) per matching webhook endpoint, in its transaction.
  events.onRecorded(webhooks.onEvents);
  const settlementModule = createSettlement(
    { ds, queue, events, audit, clock, logger },
    { mode: config.settlementMode, batchSize: tuning.settlementBatchSize, hooks: tuning.settlementHooks },
  );
  const settlement = settlementModule.service;
  const uploads = createUploads({ ds, config, limits, logger, clock });
  const coins = createCoins({ ds, config, wallets, logger, clock });
  const idempotency = new IdempotencyService(ds, clock, IDEMPOTENCY);
  const transactions = new TransactionService(
    ds,
    accounts,
    wallets,
    audit,
    () => uploads.service,
    notifier,
    events,
    config,
    () => chains.txidCheck,
  );
  const transactionStatus = new TransactionStatusService(ds, audit, events, settlement, clock, (coin, txid) =>
    chains.explorerLink(coin, txid),
  );
  const plans = new PlanService(ds);
  const chains = createChains({
    ds,
    chains: config.chains,
    wallets,
    deposits: new ChainDeposits(ds, audit, events, outbox, config.site.brandName),
    livePrice: (coin) => coins.service.livePrice(coin),
    plans: () => plans.list(),
    confirm: (id) => transactionStatus.confirmByChain(id),
    clock,
    logger,
  });
  const admins = new Admins(
    ds,
    audit,
    outbox,
    config.site.brandName,
    (id, m) => secondFactor.enrolmentCodes.issue(id, m),
    (id) => tokens.callerChanged(id),
  );
  const reconciliation = createLedgerReconciliation(
    {
      ds,
      outbox,
      clock,
      logger,
      brand: config.site.brandName,
      recipients: async () => (config.operatorEmail ? [config.operatorEmail] : admins.addresses()),
    },
    config.ledgerReconcileSeconds,
  );
  const overview = createOverview(ds, clock);
  const services: Services = {
    config,
    logger,
    ds,
    clock,
    budgets,
    limits,
    background,
    audit,
    auditLog: new AuditLog(ds),
    tokens,
    mailer,
    outbox,
    queue,
    auth: new AuthService(
      ds,
      config,
      tokens,
      otp,
      limits,
      mailer,
      outbox,
      audit,
      background,
      clock,
      logger,
      secondFactor.signIn,
      security,
    ),
    secondFactor: secondFactor.service,
    secondFactorSignIn: secondFactor.signIn,
    enrolmentCodes: secondFactor.enrolmentCodes,
    apiKeys: new ApiKeyService(ds, config, limits, audit, outbox, clock),
    contact: new ContactService(ds, config, limits, outbox, audit),
    plans,
    wallets,
    coins: coins.service,
    accounts,
    accountAdmin: new AccountAdminService(ds, audit),
    transactionStatus,
    // Proof images are checked by the upload service, looked up when a deposit is made.
    transactions,
    ownLedger: new OwnLedgerReads(ds, {
      account: (id) => accounts.getByUser(id),
      available: (id) => accounts.available(id),
      transactions: (id, page, pageSize, filter) => transactions.listMine(id, page, pageSize, filter),
    }),
    balanceHistory: new BalanceHistoryReader(ds, clock),
    admins,
    users: new UserService(
      ds,
      audit,
      () => uploads.service,
      notifications,
      (id) => tokens.callerChanged(id),
    ),
    uploads: uploads.service,
    idempotency,
    events,
    notifications,
    settlement,
    adminOverview: overview.service,
    testClock,
    chains,
    webhooks: webhooks.service,
    webhookDeliveries: webhooks.deliveries,
    scheduler: new Scheduler(queue, logger, { pollingIntervalSeconds: tuning.jobPollingIntervalSeconds }),
    security,
    ledgerReconciliation: reconciliation.service,
    statements: new StatementService(ds, clock, config.site.brandName),
  };
  // Every job and periodic work (pg-boss cron schedules, intervals rounded up to whole minutes)
  // comes from the module or platform service that owns it.
  registerModuleWork(queue, services.scheduler, [
    settlementModule,
    uploads,
    coins,
    secondFactor,
    budgetsWork(budgets),
    sessionsWork(tokens.sessions),
    idempotencyWork(idempotency),
    outboxWork(outbox),
    chains,
    webhooks,
    reconciliation,
    overview,
  ]);
  return services;
}
