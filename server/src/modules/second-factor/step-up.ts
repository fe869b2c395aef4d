import { AppError, ErrorCode } from '../../kernel/errors';
import type { AuthUser } from '../user';

/** How recent a proven second factor must be to add or remove one (a session thief's window). */
export const STEP_UP_MINUTES = 5;

/** The refusal when a factor change needs a fresh proof; clients ask for one (`stepUpWithCode` / `stepUpWithPasskey`). */
export const STEP_UP_MESSAGE =
  "Confirm it's you first: enter a code from your authenticator app or a recovery code, or use a passkey";

/** True when the caller's session proved a second factor within the last STEP_UP_MINUTES by `now`. */
export function provenRecently(caller: AuthUser, now: Date): boolean {
  const at = caller.factorProvenAt?.getTime();
  if (at === undefined) return false;
  const age = now.getTime() - at;
  // A proof time ahead of this clock (another instance's) by a few seconds still counts.
  return age <= STEP_UP_MINUTES * 60_000 && age >= -60_000;
}

/** Throws STEP_UP_REQUIRED (403) unless the caller's session proved a second factor recently. */
export function assertProvenRecently(caller: AuthUser, now: Date): void {
  if (!provenRecently(caller, now)) throw new AppError(ErrorCode.STEP_UP_REQUIRED, STEP_UP_MESSAGE);
}
