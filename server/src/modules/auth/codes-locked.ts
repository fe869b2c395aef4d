import type { DataSource } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import type { AuditService } from '../audit/audit.service';
import type { BudgetState } from '../limits/budget';
import { greetingName } from '../mail/notifier';
import type { MailOutbox } from '../mail/outbox';
import { codesLockedMail } from '../mail/templates';
import type { User } from '../user/user.entity';

/**
 * The account's daily budget of wrong codes (e-mail codes, authenticator and recovery codes,
 * passkey answers) was just spent: audit it and tell the owner, in one transaction. Shared by
 * e-mail code checks and second-factor checks.
 */
export async function noticeCodesLocked(
  deps: { ds: DataSource; audit: AuditService; outbox: MailOutbox; brand: string },
  user: Pick<User, 'id' | 'email' | 'fullName' | 'emailVerifiedAt'>,
  budget: BudgetState,
  ip: string | null,
): Promise<void> {
  await inTransaction(deps.ds, async (m) => {
    await deps.audit.record(
      {
        action: 'otp.locked',
        actorId: null,
        subjectType: 'user',
        subjectId: user.id,
        ip,
        metadata: { until: budget.resetAt.toISOString() },
      },
      m,
    );
    await deps.outbox.queue(m, {
      kind: 'codes_locked',
      to: user.email,
      userId: user.id,
      content: codesLockedMail(deps.brand, greetingName(user), budget.resetAt),
    });
  });
}
