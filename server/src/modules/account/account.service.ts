import { WITHDRAWAL_COINS, withdrawalAddressesSchema, type WithdrawalCoin } from '@cryptovest/common';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../../errors';
import { validate } from '../../validation';
import type { AuditService } from '../audit/audit.service';
import { Account } from './account.entity';

/** Column of each coin's withdrawal address. */
const ADDRESS_FIELD: Record<WithdrawalCoin, 'bitcoinAddress' | 'litecoinAddress' | 'ethereumAddress' | 'usdtAddress'> =
  {
    bitcoin: 'bitcoinAddress',
    litecoin: 'litecoinAddress',
    ethereum: 'ethereumAddress',
    usdt: 'usdtAddress',
  };

/** Accepts `{ wallet: {...} }` (the account shape of SPEC §3) or the addresses at top level. */
function addressesFrom(input: unknown): Record<string, unknown> {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const nested = body.wallet && typeof body.wallet === 'object' ? (body.wallet as Record<string, unknown>) : body;
  return Object.fromEntries(WITHDRAWAL_COINS.filter((c) => c in nested).map((c) => [c, nested[c] ?? '']));
}

/**
 * An investor's own account: reading it, and saving withdrawal addresses. Amounts are never
 * written here (only the ledger changes them), whatever the request body carries.
 */
export class AccountService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** The caller's account; NOT_FOUND for users without one (admins). */
  async getByUser(userId: string, m: EntityManager = this.ds.manager): Promise<Account> {
    const account = await m.getRepository(Account).findOneBy({ userId });
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
    return this.ds.transaction(async (m) => {
      const account = await this.getByUser(userId, m);
      const changed: string[] = [];
      for (const coin of WITHDRAWAL_COINS) {
        if (!(coin in valid)) continue;
        const next = valid[coin] ? valid[coin] : null;
        if (account[ADDRESS_FIELD[coin]] !== next) {
          account[ADDRESS_FIELD[coin]] = next;
          changed.push(coin);
        }
      }
      if (!changed.length) return account;
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
      return account;
    });
  }

  /** The saved address for `coin`, if `address` is exactly it (withdrawals go only there). */
  static savedAddress(account: Account, coin: string, address: string): string | null {
    if (!(WITHDRAWAL_COINS as readonly string[]).includes(coin)) return null;
    const saved = account[ADDRESS_FIELD[coin as WithdrawalCoin]];
    return saved && saved === address.trim() ? saved : null;
  }
}
