import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import type { AuditService } from '../../platform/audit';
import type { BudgetState } from '../../platform/limits';
import { type MailOutbox, codesLockedMail, secondFactorLockedMail, greetingName } from '../../platform/mail';
import type { User } from '../user';

/**
 * Which daily budget of wrong codes was spent: e-mail codes (verification, reset; a stranger who
 * knows the address can spend it) or second-factor codes (asked only after the right password).
 */
export type LockedCodes = 'email_codes' | 'second_factor';

/**
 * One of the account's daily budgets of wrong codes was just spent: audit it and tell the owner,
 * in one transaction. Shared by e-mail code checks and second-factor checks.
 */
export async function noticeCodesLocked(
  deps: { ds: DataSource; audit: AuditService; outbox: MailOutbox; brand: string },
  user: Pick<User, 'id' | 'email' | 'fullName' | 'emailVerifiedAt' | 'locale'>,
  budget: BudgetState,
  ip: string | null,
  codes: LockedCodes = 'email_codes',
): Promise<void> {
  const emailCodes = codes === 'email_codes';
  await inTransaction(deps.ds, async (m) => {
    await deps.audit.record(
      {
        action: emailCodes ? 'otp.locked' : 'second_factor.locked',
        actorId: null,
        subjectType: 'user',
        subjectId: user.id,
        ip,
        metadata: { until: budget.resetAt.toISOString() },
      },
      m,
    );
    const name = greetingName(user);
    const ctx = { brand: deps.brand, locale: user.locale };
    await deps.outbox.queue(m, {
      kind: emailCodes ? 'codes_locked' : 'second_factor_locked',
      to: user.email,
      userId: user.id,
      content: emailCodes
        ? codesLockedMail(ctx, name, budget.resetAt)
        : secondFactorLockedMail(ctx, name, budget.resetAt),
    });
  });
}
