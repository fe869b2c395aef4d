import type { EntityManager } from 'typeorm';
import { sqlRows } from '../../db/sql';
import { AppError, ErrorCode } from '../../kernel/errors';
import { LedgerReason } from '../ledger';

/**
 * The withdrawal-address cool-down (issues 10 and 33). An address the account did not have
 * `WITHDRAWAL_ADDRESS_COOLDOWN_HOURS` ago can't receive a withdrawal, whether it is the first one
 * for its coin, a changed one, or one set again after clearing: a stolen session otherwise adds an
 * address for a coin the owner never used and withdraws everything at once. The one exception is
 * an address saved before any money came into the account: there is nothing to steal yet, and a
 * new investor who sets addresses before depositing can withdraw once money is in.
 */

/** Ledger entries a fresh account gets with the signup bonus alone: nothing withdrawable comes in. */
const BONUS_ONLY: readonly string[] = [LedgerReason.SIGNUP_BONUS, LedgerReason.BONUS_LOCKED];

/**
 * Whether money ever came into the account: a credit in its ledger other than the locked signup
 * bonus, i.e. its first confirmed deposit (still counted if that deposit was later reversed) or an
 * admin's credit (an account funded without a deposit). Call it holding the account's row lock:
 * every ledger write takes that lock too, so a deposit confirmed at the same moment is clearly
 * before or after the address.
 */
export async function moneyCameIn(m: EntityManager, accountId: string): Promise<boolean> {
  const [row] = await sqlRows<{ came: boolean }>(
    m,
    `SELECT EXISTS (SELECT 1 FROM ledger_entry
                     WHERE account_id = $1 AND delta > 0 AND reason <> ALL($2::text[])) AS came`,
    [accountId, BONUS_ONLY],
  );
  return !!row?.came;
}

/** When an address saved at `now` may first receive a withdrawal: at once only before money came in. */
export function usableFromOnSave(now: Date, cooldownHours: number, moneyIn: boolean): Date {
  return moneyIn ? new Date(now.getTime() + cooldownHours * 3_600_000) : now;
}

/** A moment as investors read it in messages: "2026-11-23 14:05 UTC". */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The refusal of a withdrawal to an address still cooling down, on the wallet field, saying until when. */
export function stillCoolingDown(usableFrom: Date): AppError {
  return AppError.field(
    'wallet',
    `This address was saved recently: for your safety it can receive withdrawals from ${utc(usableFrom)}`,
    ErrorCode.CONFLICT,
  );
}
