import { ACCOUNT_BUCKETS, accountAdjustmentSchema, type AccountBucket } from '@cryptovest/common';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import { toOffset, type Page, type Paging } from '../../kernel/paging';
import { unwrapData, validate } from '../../kernel/validation';
import type { AuditService } from '../../platform/audit';
import { publishLive } from '../../platform/live';
import { Account } from './account.entity';
import { accountOrder, type AccountListQuery } from './account-list';
import { LedgerEntry, LedgerReason, applyLedger } from '../ledger';
import { cappedPage } from '../../db/capped-page';
import { ACCOUNTS_SEARCH, userSearchCondition } from '../user';

/** Longest reason an admin can give for an adjustment. */
const REASON_MAX = 500;

/**
 * Reads the amounts an admin typed with the shared rule (`$` and commas stripped, at most 5
 * decimals, never negative, never above MAX_ACCOUNT_AMOUNT) and the optional reason.
 */
async function parseAdjustment(input: unknown) {
  const data = await validate(accountAdjustmentSchema, unwrapData(input) ?? {});
  const amounts: Partial<Record<AccountBucket, string>> = {};
  for (const bucket of ACCOUNT_BUCKETS) {
    const value = data[bucket];
    if (value !== undefined && value !== null) amounts[bucket] = value;
  }
  const reason = data.reason?.trim().slice(0, REASON_MAX) || null;
  return { amounts, reason };
}

/**
 * Admin edits of an investor's amounts (SPEC §5 "Admin account edit"): each changed bucket
 * becomes an ADMIN_ADJUSTMENT ledger entry (delta, amount after, admin, reason) in the same DB
 * transaction as the change, under a row lock; unchanged fields write nothing.
 */
export class AccountAdminService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  async adjust(userId: string, input: unknown, adminId: string, ip: string | null): Promise<Account> {
    const { amounts, reason } = await parseAdjustment(input);
    return inTransaction(this.ds, async (m) => {
      const [locked] = await m.query(`SELECT id FROM account WHERE user_id = $1 FOR UPDATE`, [userId]);
      if (!locked) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
      const account = await m.getRepository(Account).findOneByOrFail({ id: locked.id });
      const changes = Object.entries(amounts)
        .map(([bucket, value]) => ({
          bucket: bucket as AccountBucket,
          delta: new Decimal(value).minus(account[bucket as AccountBucket]).toFixed(),
        }))
        .filter((c) => !new Decimal(c.delta).isZero());
      if (changes.length) {
        await applyLedger(m, account.id, changes, {
          reason: LedgerReason.ADMIN_ADJUSTMENT,
          actorId: adminId,
          note: reason,
        });
        await this.audit.record(
          {
            action: 'account.adjusted',
            actorId: adminId,
            subjectType: 'account',
            subjectId: account.id,
            ip,
            metadata: { changes, reason },
          },
          m,
        );
        // The investor's open dashboards refetch (delivered at commit, never for a refused change).
        await publishLive(m, [{ type: 'account', userId, reason: 'ADMIN_ADJUSTMENT', transactionId: null }]);
      }
      return m.getRepository(Account).findOneByOrFail({ id: account.id });
    });
  }

  /** Accounts with their owner, newest users first unless another order is asked for, filtered by the accounts search rule. */
  async list(query: AccountListQuery, paging: Paging): Promise<Page<Account>> {
    const qb = this.ds.getRepository(Account).createQueryBuilder('a').innerJoinAndSelect('a.user', 'u');
    const condition = userSearchCondition(query.search, ACCOUNTS_SEARCH);
    if (condition) qb.where(condition.sql, condition.params);
    return cappedPage(qb, paging, accountOrder(query));
  }

  /** One investor's account with its owner, for the admin record view; NOT_FOUND when they have none. */
  async record(userId: string): Promise<Account> {
    const account = await this.ds.getRepository(Account).findOne({ where: { userId }, relations: { user: true } });
    if (!account) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
    return account;
  }

  /**
   * The deposit addresses assigned to an investor (one per watched chain, issue 35), oldest first,
   * as stored (compare form) for the admin record view; none when they never asked for one.
   */
  async depositAddresses(userId: string): Promise<{ chain: string; address: string; createdAt: Date }[]> {
    return this.ds.query(
      `SELECT chain, address, created_at AS "createdAt" FROM deposit_address WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
  }

  /** An account's ledger, newest first, with the name of whoever made each change. */
  async history(userId: string, page: unknown, pageSize: unknown): Promise<Page<LedgerEntry>> {
    const p = toOffset(page, pageSize, 20);
    const [account] = await this.ds.query(`SELECT id FROM account WHERE user_id = $1`, [userId]);
    if (!account) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
    const rows: (LedgerEntry & { actorName: string | null })[] = await this.ds.query(
      `SELECT l.id::text, l.account_id AS "accountId", l.bucket, l.delta::text, l.amount_after::text AS "amountAfter",
              l.reason, l.transaction_id AS "transactionId", l.actor_id AS "actorId", l.note, l.created_at AS "createdAt",
              u.full_name AS "actorName"
         FROM ledger_entry l LEFT JOIN app_user u ON u.id = l.actor_id
        WHERE l.account_id = $1 ORDER BY l.id DESC LIMIT $2 OFFSET $3`,
      [account.id, p.take, p.skip],
    );
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM ledger_entry WHERE account_id = $1`, [
      account.id,
    ]);
    return { items: rows, total, totalCapped: false, page: p.page, pageSize: p.pageSize };
  }
}
