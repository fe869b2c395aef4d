import { WITHDRAWAL_COINS, withdrawalAddressesSchema, type WithdrawalCoin } from '@cryptovest/common';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../kernel/clock';
import type { Config } from '../../kernel/config';
import { EntityReader } from '../../db/entity-reader';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { validate } from '../../kernel/validation';
import type { AuditService } from '../../platform/audit';
import type { Notifier } from '../user';
import { type AddressChange, withdrawalAddressMail } from '../../platform/mail';
import { Account } from './account.entity';
import { moneyCameIn, stillCoolingDown, usableFromOnSave } from './address-cooldown';
import { ledgerWritten } from '../ledger';

/** Column of each coin's withdrawal address. */
const ADDRESS_FIELD: Record<WithdrawalCoin, 'bitcoinAddress' | 'litecoinAddress' | 'ethereumAddress' | 'usdtAddress'> =
  {
    bitcoin: 'bitcoinAddress',
    litecoin: 'litecoinAddress',
    ethereum: 'ethereumAddress',
    usdt: 'usdtAddress',
  };

/** Column of the time from which each coin's address may receive withdrawals. */
const USABLE_FROM_FIELD: Record<
  WithdrawalCoin,
  'bitcoinAddressUsableFrom' | 'litecoinAddressUsableFrom' | 'ethereumAddressUsableFrom' | 'usdtAddressUsableFrom'
> = {
  bitcoin: 'bitcoinAddressUsableFrom',
  litecoin: 'litecoinAddressUsableFrom',
  ethereum: 'ethereumAddressUsableFrom',
  usdt: 'usdtAddressUsableFrom',
};

/** A saved withdrawal address the caller may send to, and from when. */
export interface SavedAddress {
  coin: WithdrawalCoin;
  address: string;
  /** Null once usable; otherwise the end of the cool-down of a new or changed address. */
  usableFrom: Date | null;
}

/** Accepts `{ wallet: {...} }` (the account shape of SPEC §3) or the addresses at top level. */
function addressesFrom(input: unknown): Record<string, unknown> {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const nested = body.wallet && typeof body.wallet === 'object' ? (body.wallet as Record<string, unknown>) : body;
  return Object.fromEntries(WITHDRAWAL_COINS.filter((c) => c in nested).map((c) => [c, nested[c] ?? '']));
}

/**
 * An investor's own account: reading it, and saving withdrawal addresses. Amounts are never
 * written here (only the ledger changes them), whatever the request body carries. Any address
 * saved after money came into the account cools down before it can receive money (see
 * address-cooldown.ts), and the owner is mailed about every change, so a stolen session cannot
 * redirect withdrawals unseen.
 */
export class AccountService {
  /** The account read by plain SQL: every signed-in dashboard asks for it. */
  private readonly reader: EntityReader<Account>;

  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly config: Pick<Config, 'withdrawalAddressCooldownHours'>,
  ) {
    this.reader = new EntityReader(ds, Account, 'a');
  }

  /**
   * What the investor can still withdraw: balance minus the locked signup bonus minus pending
   * withdrawals (never below zero). Pass the manager of a transaction that locked the account row.
   */
  async available(userId: string, m: DataSource | EntityManager = this.ds): Promise<string> {
    const [row] = await sqlRows<{ available: string }>(
      m,
      `SELECT greatest(a.balance - a.locked_bonus - COALESCE(
                (SELECT sum(t.amount) FROM "transaction" t
                  WHERE t.user_id = a.user_id AND t.trx_type = 'WITHDRAWAL' AND t.status = 'PENDING'), 0), 0)::numeric(20,5)::text AS available
         FROM account a WHERE a.user_id = $1`,
      [userId],
    );
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
    return row.available;
  }

  /** The caller's account; NOT_FOUND for users without one (admins). */
  async getByUser(userId: string, m: EntityManager = this.ds.manager): Promise<Account> {
    const [account] = await this.reader.rows(
      `SELECT ${this.reader.select} FROM account a WHERE a.user_id = $1`,
      [userId],
      m,
    );
    if (!account) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
    return account;
  }

  /**
   * Saves the withdrawal addresses that were sent (an empty one clears it); the rest stay.
   * The account counts as set up once it has at least one address.
   */
  async updateAddresses(userId: string, input: unknown, ip: string | null): Promise<Account> {
    const sent = addressesFrom(input);
    const valid = await validate(withdrawalAddressesSchema, sent);
    const now = this.clock.now();
    const changes: AddressChange[] = [];
    const saved = await inTransaction(this.ds, async (m) => {
      const [locked] = await m.query(`SELECT id FROM account WHERE user_id = $1 FOR UPDATE`, [userId]);
      if (!locked) throw new AppError(ErrorCode.NOT_FOUND, 'This user has no investment account');
      const account = await this.getByUser(userId, m);
      const moneyIn = await moneyCameIn(m, account.id);
      const usableFrom = usableFromOnSave(now, this.config.withdrawalAddressCooldownHours, moneyIn);
      const changed: string[] = [];
      for (const coin of WITHDRAWAL_COINS) {
        if (!(coin in valid)) continue;
        const next = valid[coin] ? valid[coin] : null;
        if (account[ADDRESS_FIELD[coin]] === next) continue;
        account[ADDRESS_FIELD[coin]] = next;
        changed.push(coin);
        // Every address saved once money came in waits, a coin's first one too (issue 33).
        account[USABLE_FROM_FIELD[coin]] = next ? usableFrom : null;
        const coolsDown = !!next && usableFrom > now;
        changes.push({ coin, address: next, coolsDownUntil: coolsDown ? usableFrom : null });
      }
      if (!changed.length) return account;
      ledgerWritten(m, userId);
      account.hasSetupAccount = WITHDRAWAL_COINS.some((c) => account[ADDRESS_FIELD[c]]);
      await m.getRepository(Account).save(account);
      await this.audit.record(
        {
          action: 'account.addresses',
          actorId: userId,
          subjectType: 'account',
          subjectId: account.id,
          ip,
          metadata: { changed },
        },
        m,
      );
      await this.notifier.queue(m, userId, 'address_changed', (ctx, name) => withdrawalAddressMail(ctx, name, changes));
      return account;
    });
    return saved;
  }

  /** The caller's saved addresses with the time each may first receive a withdrawal. */
  savedAddresses(account: Account): SavedAddress[] {
    const now = this.clock.now();
    return WITHDRAWAL_COINS.flatMap((coin) => {
      const address = account[ADDRESS_FIELD[coin]];
      if (!address) return [];
      const from = account[USABLE_FROM_FIELD[coin]];
      return [{ coin, address, usableFrom: from && from > now ? from : null }];
    });
  }

  /**
   * Where a withdrawal may go: the saved address for `coin` if `address` is exactly it, and only
   * once it has cooled down; otherwise the refusal on the wallet field, saying until when.
   */
  withdrawalDestination(account: Account, coin: string, address: string): SavedAddress {
    const saved = this.savedAddresses(account).find((s) => s.coin === coin && s.address === address.trim());
    if (!saved) throw AppError.field('wallet', 'select one of your saved withdrawal addresses');
    if (saved.usableFrom) throw stillCoolingDown(saved.usableFrom);
    return saved;
  }
}
