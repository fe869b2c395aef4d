import { seesEverything } from '../identity';
import {
  ACCOUNT_AMOUNT_DECIMALS,
  depositSchema,
  PAGE_SIZE,
  withdrawalSchema,
  planRangeMessage,
} from '@cryptovest/common';
import Decimal from 'decimal.js';
import { In, IsNull, Or, type DataSource } from 'typeorm';
import type { Config } from '../../kernel/config';
import { EntityReader } from '../../db/entity-reader';
import { sqlRows } from '../../db/sql';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import { toOffset, type Page, type Paging } from '../../kernel/paging';
import { validate } from '../../kernel/validation';
import { AccountService } from '../account';
import type { AuditService } from '../../platform/audit';
import { type Notifier, TRANSACTIONS_SEARCH, userSearchCondition, type AuthUser } from '../user';
import { withdrawalRequestedMail } from '../../platform/mail';
import { Plan } from '../plan';
import { ownedUploadId, type OwnedUploads } from '../upload';
import type { WalletService } from '../wallet';
import { cappedPage } from '../../db/capped-page';
import { SettlementState } from './settlement-state';
import { TransactionEventKind, type TransactionEventInput, type TransactionEvents } from '../../platform/timeline';
import { canonicalBlockchainId } from './blockchain-id';
import type { DepositCheck } from './chain-deposits';
import { allowedProofUrl } from './proof-url';
import { Transaction, TrxStatus, TrxType } from './transaction.entity';
import { transactionOrder, whereSubmittedWithin, type TransactionListQuery } from './transaction-list';
import { myTransactionConditions, type MyTransactionFilter } from './my-transaction-filter';

/** Coins a deposit can be credited to (each is an account bucket). */
const DEPOSIT_COINS = ['bitcoin', 'ethereum', 'usdt', 'bnb', 'litecoin'];

/** Postgres unique violation (a deposit's coin + blockchain id seen before). */
const UNIQUE_VIOLATION = '23505';

/** The SUBMITTED event of a new deposit or withdrawal request. */
const submitted = (t: Transaction): TransactionEventInput => ({
  transactionId: t.id,
  userId: t.userId,
  kind: TransactionEventKind.SUBMITTED,
  actorId: t.userId,
});

/** Who asks, for the audit trail. */
export interface Caller {
  userId: string;
  ip: string | null;
}

/**
 * Deposits and withdrawal requests of investors, and their own history. New transactions are
 * PENDING: nothing moves until an admin confirms (see the status rules, DESIGN §3).
 */
export class TransactionService {
  /** Transactions read by plain SQL: every signed-in dashboard asks for its first page. */
  private readonly reader: EntityReader<Transaction>;

  constructor(
    private readonly ds: DataSource,
    private readonly accounts: AccountService,
    private readonly wallets: WalletService,
    private readonly audit: AuditService,
    private readonly uploads: () => OwnedUploads | null,
    private readonly notifier: Notifier,
    private readonly events: TransactionEvents,
    private readonly config: Pick<Config, 'proofUrlHosts' | 'minWithdrawal'>,
    /** Looks a submitted transaction id up on its chain (the chain module's TxidCheck). */
    private readonly checkDeposit: () => DepositCheck,
  ) {
    this.reader = new EntityReader(ds, Transaction, 't');
  }

  /**
   * A deposit into a plan: amount within the plan's range, blockchain id unique per coin. The plan
   * is `planId`, or (legacy clients, SPEC §7) `plan` by name in any case; a `status` sent along is
   * ignored like every other field the schema does not name: new deposits are always PENDING.
   */
  async createDeposit(input: unknown, caller: Caller): Promise<Transaction> {
    const data = await validate(depositSchema, await this.withPlanId(input));
    const plan = await this.ds.getRepository(Plan).findOneBy({ id: data.planId, active: true });
    if (!plan) throw AppError.field('planId', 'select a plan');
    const amount = new Decimal(data.amount);
    const tooSmall = amount.lt(plan.minAmount);
    const tooLarge = plan.maxAmount !== null && amount.gt(plan.maxAmount);
    if (tooSmall || tooLarge) {
      throw AppError.field('amount', planRangeMessage(plan));
    }
    const offered = (await this.wallets.list()).map((w) => w.name);
    if (!DEPOSIT_COINS.includes(data.crypto) || !offered.includes(data.crypto)) {
      throw AppError.field('crypto', 'select a coin we accept');
    }
    const imageUrl = await this.proofReference(data.imageUrl, caller.userId);
    const blockchainId = canonicalBlockchainId(data.transactionId);
    // Asked before the database transaction opens: the chain may take seconds, a held connection must not.
    const check = await this.checkDeposit()({
      userId: caller.userId,
      crypto: data.crypto,
      txid: blockchainId.display,
      amount: amount.toFixed(2),
    });
    const evidence = check.evidence;
    return inTransaction(this.ds, async (m) => {
      try {
        const saved = await m.getRepository(Transaction).save(
          m.getRepository(Transaction).create({
            userId: caller.userId,
            trxType: TrxType.DEPOSIT,
            status: TrxStatus.PENDING,
            amount: amount.toFixed(2),
            crypto: data.crypto,
            planId: plan.id,
            plan: plan.name,
            profitPercent: plan.profitPercent,
            // The term and principal rule are the plan's at the time of the deposit, like the percentage.
            durationHours: plan.durationHours,
            returnsPrincipal: plan.returnsPrincipal,
            // The database derives the unique key from this (column transaction_id_key).
            transactionId: blockchainId.display,
            imageUrl,
            wallet: null,
            cryptoAmount: check.cryptoAmount,
            chainResult: evidence?.result ?? null,
            chainConfirmations: evidence?.confirmations ?? null,
            chainCoinAmount: evidence?.coinAmount ?? null,
            chainAddress: evidence?.address ?? null,
            chainBlockNumber: evidence?.blockNumber === null || !evidence ? null : String(evidence.blockNumber),
            chainBlockHash: evidence?.blockHash ?? null,
            chainCheckedAt: evidence?.checkedAt ?? null,
          }),
        );
        await this.audit.record(
          {
            action: 'transaction.deposit',
            actorId: caller.userId,
            subjectType: 'transaction',
            subjectId: saved.id,
            ip: caller.ip,
          },
          m,
        );
        await this.events.record(m, [submitted(saved)]);
        return saved;
      } catch (err) {
        if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
          throw AppError.field('transactionId', 'This transaction id was already submitted', ErrorCode.CONFLICT);
        }
        throw err;
      }
    });
  }

  /**
   * A withdrawal request to one of the caller's saved addresses that has cooled down (any address
   * saved after money came in waits WITHDRAWAL_ADDRESS_COOLDOWN_HOURS; see AccountService). The account
   * row is locked while the request is checked against what is available (balance minus the locked
   * signup bonus minus pending withdrawals) and inserted, so concurrent requests queue up and can
   * never overdraw. The owner is mailed about every request.
   */
  async requestWithdrawal(input: unknown, caller: Caller): Promise<Transaction> {
    const data = await validate(withdrawalSchema(this.config.minWithdrawal), input);
    const amount = new Decimal(data.amount);
    const created = await inTransaction(this.ds, async (m) => {
      const [account] = await m.query(`SELECT id FROM account WHERE user_id = $1 FOR UPDATE`, [caller.userId]);
      if (!account) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
      const full = await this.accounts.getByUser(caller.userId, m);
      // A saved address that has cooled down (issue 33), checked before anything is written.
      const destination = this.accounts.withdrawalDestination(full, data.crypto, data.wallet);
      const available = new Decimal(await this.accounts.available(caller.userId, m));
      if (amount.gt(available)) {
        const locked = new Decimal(full.lockedBonus);
        const bonusNote = locked.gt(0) ? `; your $${locked.toFixed(2)} bonus unlocks with your first deposit` : '';
        throw AppError.field(
          'amount',
          `The amount is more than your available balance ($${available.toFixed(2)})${bonusNote}`,
          ErrorCode.CONFLICT,
        );
      }
      const saved = await m.getRepository(Transaction).save(
        m.getRepository(Transaction).create({
          userId: caller.userId,
          trxType: TrxType.WITHDRAWAL,
          status: TrxStatus.PENDING,
          amount: amount.toFixed(2),
          crypto: data.crypto,
          wallet: destination.address,
        }),
      );
      await this.audit.record(
        {
          action: 'transaction.withdrawal',
          actorId: caller.userId,
          subjectType: 'transaction',
          subjectId: saved.id,
          ip: caller.ip,
        },
        m,
      );
      await this.events.record(m, [submitted(saved)]);
      await this.notifier.queue(m, caller.userId, 'withdrawal_requested', (ctx, name) =>
        withdrawalRequestedMail(ctx, name, { amount: saved.amount, coin: saved.crypto, address: saved.wallet! }),
      );
      return saved;
    });
    return created;
  }

  /** The caller's transactions, newest first; `filter` (checked by myTransactionFilter) narrows them. */
  async listMine(
    userId: string,
    page: unknown,
    pageSize: unknown,
    filter: MyTransactionFilter = {},
  ): Promise<Page<Transaction>> {
    const p = toOffset(page, pageSize, PAGE_SIZE.transactions);
    const where = myTransactionConditions(filter, 4);
    // The page and the total in one statement; a page past the end has no row to carry the total.
    const rows = await sqlRows<Record<string, unknown> & { total: string }>(
      this.ds,
      `SELECT ${this.reader.select}, count(*) OVER () AS total FROM "transaction" t
        WHERE t.user_id = $1${where.sql} ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
      [userId, p.take, p.skip, ...where.params],
    );
    const total = rows.length ? Number(rows[0].total) : await this.countMine(userId, filter);
    const items = rows.map((row) => this.reader.entity(row));
    return { items, total, totalCapped: false, page: p.page, pageSize: p.pageSize };
  }

  /** How many of the caller's transactions match (a page past the end has no row to say it). */
  private async countMine(userId: string, filter: MyTransactionFilter): Promise<number> {
    const where = myTransactionConditions(filter, 2);
    const [row] = await sqlRows<{ total: string }>(
      this.ds,
      `SELECT count(*) AS total FROM "transaction" t WHERE t.user_id = $1${where.sql}`,
      [userId, ...where.params],
    );
    return Number(row.total);
  }

  /** One transaction with its user: any for admins, only their own for investors (others' are NOT_FOUND). */
  async getVisible(id: string, caller: AuthUser): Promise<Transaction> {
    const found = await this.ds.getRepository(Transaction).findOne({
      where: seesEverything(caller) ? { id } : { id, userId: caller.id },
      relations: { user: true },
    });
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'Transaction not found');
    return found;
  }

  /** A transaction by id, as stored (an idempotent mutation's first result, found again for its repeat). */
  byId(id: string): Promise<Transaction> {
    return this.ds.getRepository(Transaction).findOneByOrFail({ id });
  }

  /** The caller's confirmed deposits not settled yet, soonest maturity first (the overview's countdown). */
  running(userId: string): Promise<Transaction[]> {
    return this.ds.getRepository(Transaction).find({
      where: {
        userId,
        trxType: TrxType.DEPOSIT,
        status: TrxStatus.CONFIRMED,
        settlementState: Or(IsNull(), In([SettlementState.DUE, SettlementState.HELD])),
      },
      order: { maturesAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * Every transaction with its user (admin): newest first unless another order is asked for,
   * filtered by the user's full name, status and type.
   */
  async listAll(query: TransactionListQuery, paging: Paging): Promise<Page<Transaction>> {
    const qb = this.ds.getRepository(Transaction).createQueryBuilder('t').innerJoinAndSelect('t.user', 'u');
    const condition = userSearchCondition(query.search, TRANSACTIONS_SEARCH);
    if (condition) qb.andWhere(condition.sql, condition.params);
    if (query.status) qb.andWhere('t.status = :status', { status: query.status });
    if (query.trxType) qb.andWhere('t.trx_type = :trxType', { trxType: query.trxType });
    whereSubmittedWithin(qb, query);
    return cappedPage(qb, paging, transactionOrder(query));
  }

  /**
   * Expected profit of a deposit, exactly what settlement will credit: amount x plan % / 100 at the
   * ledger's 5 decimals, half to even (SQL `settlement_profit`); null for withdrawals.
   */
  static expectedProfit(t: Pick<Transaction, 'trxType' | 'amount' | 'profitPercent'>): string | null {
    if (t.trxType !== TrxType.DEPOSIT || t.profitPercent === null) return null;
    return new Decimal(t.amount)
      .mul(t.profitPercent)
      .div(100)
      .toDecimalPlaces(ACCOUNT_AMOUNT_DECIMALS, Decimal.ROUND_HALF_EVEN)
      .toFixed(ACCOUNT_AMOUNT_DECIMALS);
  }

  /**
   * Turns a submitted proof reference into what is stored: an https link on a host the operator
   * allows (PROOF_URL_HOSTS) as is, else the caller's own upload's id (others' uploads are refused).
   */
  private async proofReference(value: string | undefined, userId: string): Promise<string | null> {
    if (!value) return null;
    const link = allowedProofUrl(value, this.config.proofUrlHosts);
    if (link) return link;
    return ownedUploadId(this.uploads(), value, userId, 'imageUrl');
  }

  /**
   * The body with `planId` filled in from a plan named in `plan` (any case), when no `planId` was
   * sent; an unknown name is refused on `plan` with the schema's own words. Anything else passes
   * through for the schema to judge.
   */
  private async withPlanId(input: unknown): Promise<unknown> {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const body = input as Record<string, unknown>;
    const name = Object.prototype.hasOwnProperty.call(body, 'plan') ? body.plan : undefined;
    const planId = Object.prototype.hasOwnProperty.call(body, 'planId') ? body.planId : undefined;
    if ((planId !== undefined && planId !== null && planId !== '') || name === undefined || name === null) return input;
    if (typeof name !== 'string' || !name.trim() || name.length > 100) throw AppError.field('plan', 'select a plan');
    const [plan] = await sqlRows<{ id: string }>(
      this.ds,
      `SELECT id FROM plan WHERE lower(name) = lower($1) AND active LIMIT 1`,
      [name.trim()],
    );
    if (!plan) throw AppError.field('plan', 'select a plan');
    return { ...body, planId: plan.id };
  }
}
