import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { AuditService } from '../../platform/audit';
import { hashPassword, verifyPassword, endSessions } from '../identity';
import { type MailOutbox, securityNoticeMail, greetingName } from '../../platform/mail';
import { User, UserType } from '../user';

/** A one-time enrolment code: the text (its only copy) and when it lapses. */
export interface IssuedEnrolmentCode {
  code: string;
  expiresAt: Date;
}

/** Issues an administrator's enrolment code in `m`'s transaction (the second-factor module's). */
export type IssueEnrolmentCode = (userId: string, m: EntityManager) => Promise<IssuedEnrolmentCode>;

/** An administrator just created: what to hand to the person, once (password and enrolment code). */
export interface NewAdmin extends IssuedEnrolmentCode {
  id: string;
  email: string;
  password: string;
}

/** What start-up is told about the admin (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_PASSWORD_RESET, NODE_ENV). */
export interface AdminSettings {
  email: string | null;
  password: string | null;
  resetPassword: boolean;
  /** Development only: invent a first admin when there is none (its password printed on the terminal). */
  inventFirst: boolean;
}

/**
 * Administrators as operators make them: at start from ADMIN_EMAIL/ADMIN_PASSWORD (created once,
 * never overwritten unless the operator says so), and by the operator command (`admin create`,
 * `enrolment-code`, `reset-second-factor`), which prints the one-time enrolment code the first
 * second factor needs. Nothing here reaches the log with a secret in it.
 */
export class Admins {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    private readonly brand: string,
    private readonly issueEnrolmentCode: IssueEnrolmentCode,
    private readonly callerChanged: (userId: string) => void,
  ) {}

  private repo() {
    return this.ds.getRepository(User);
  }

  /**
   * Start-up: with ADMIN_EMAIL + ADMIN_PASSWORD, that admin is created when missing. An existing
   * admin keeps the password set since (in the UI) unless ADMIN_PASSWORD_RESET says otherwise. An
   * investor's address is never promoted (anyone could have registered it first). With neither set
   * and no admin: development invents one (returned, to print once); production says how to make one.
   */
  async ensureAtStart(settings: AdminSettings, logger: Logger): Promise<NewAdmin | null> {
    const { email, password } = settings;
    if (email && password) {
      const existing = await this.repo().findOne({ where: { email } });
      if (!existing) {
        await this.insertAdmin(email, password, 'admin.bootstrap');
        logger.info({ email }, 'admin created from ADMIN_EMAIL: sign in, then set up two-factor sign-in');
        return null;
      }
      if (existing.type !== UserType.ADMIN) {
        logger.error(
          { email },
          'ADMIN_EMAIL belongs to an investor account; it is not promoted. Choose another address, or create an admin with the operator command',
        );
        return null;
      }
      if (settings.resetPassword && !(await verifyPassword(existing.passwordHash, password)))
        await this.resetPassword(existing, password);
      return null;
    }
    if (await this.repo().exists({ where: { type: UserType.ADMIN } })) return null;
    if (!settings.inventFirst) {
      logger.warn(
        'no administrator exists: create one with `node server/dist/scripts/admin.js create --email <address>` (docs/operations.md)',
      );
      return null;
    }
    return this.create('admin@cryptovest.local', 'admin.bootstrap.generated');
  }

  /** The operator's `admin create`: a new admin with a generated password and an enrolment code. */
  async create(rawEmail: string, action = 'admin.created_by_operator'): Promise<NewAdmin> {
    const email = rawEmail.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw AppError.field('email', 'Invalid email');
    if (await this.repo().exists({ where: { email } }))
      throw AppError.field('email', 'An account with this email already exists', ErrorCode.CONFLICT);
    const password = randomBytes(12).toString('base64url');
    return { email, password, ...(await this.insertAdmin(email, password, action)) };
  }

  /** The operator's `admin enrolment-code`: a new code for an admin who has no second factor yet. */
  async enrolmentCode(email: string): Promise<IssuedEnrolmentCode> {
    const admin = await this.admin(email);
    return inTransaction(this.ds, async (m) => {
      const issued = await this.issueEnrolmentCode(admin.id, m);
      await this.audit.record({ action: 'admin.enrolment_code_printed', subjectType: 'user', subjectId: admin.id }, m);
      return issued;
    });
  }

  /**
   * The operator's `admin reset-second-factor`, for an admin locked out (phone and recovery codes
   * lost): removes every second factor and recovery code, ends all sessions and sockets, mails the
   * admin, audits, and returns a new enrolment code to hand over after checking who is asking.
   */
  async resetSecondFactor(email: string): Promise<IssuedEnrolmentCode> {
    const admin = await this.admin(email);
    const issued = await inTransaction(this.ds, async (m) => {
      for (const table of ['totp_factor', 'passkey', 'recovery_code'])
        await m.query(`DELETE FROM ${table} WHERE user_id = $1`, [admin.id]);
      await endSessions(m, admin.id);
      await this.audit.record({ action: 'admin.second_factor_reset', subjectType: 'user', subjectId: admin.id }, m);
      await this.outbox.queue(m, {
        kind: 'security_notice',
        to: admin.email,
        userId: admin.id,
        content: securityNoticeMail(
          { brand: this.brand, locale: admin.locale },
          greetingName(admin),
          'second_factor_reset',
        ),
      });
      return this.issueEnrolmentCode(admin.id, m);
    });
    this.callerChanged(admin.id);
    return issued;
  }

  /** Every administrator's address: where operator alerts go when no operator address is configured. */
  async addresses(): Promise<string[]> {
    const admins = await this.repo().find({
      where: { type: UserType.ADMIN },
      select: { email: true },
      order: { email: 'ASC' },
    });
    return admins.map((a) => a.email);
  }

  private async admin(rawEmail: string): Promise<User> {
    const admin = await this.repo().findOne({ where: { email: rawEmail.trim().toLowerCase() } });
    if (!admin || admin.type !== UserType.ADMIN)
      throw new AppError(ErrorCode.NOT_FOUND, 'No administrator has this e-mail');
    return admin;
  }

  private async insertAdmin(
    email: string,
    password: string,
    action: string,
  ): Promise<{ id: string } & IssuedEnrolmentCode> {
    const passwordHash = await hashPassword(password);
    return inTransaction(this.ds, async (m) => {
      const admin = await m.save(
        m.create(User, {
          email,
          passwordHash,
          fullName: 'Administrator',
          country: 'US',
          type: UserType.ADMIN,
          emailVerifiedAt: new Date(),
        }),
      );
      await this.audit.record({ action, subjectType: 'user', subjectId: admin.id, metadata: { email } }, m);
      return { id: admin.id, ...(await this.issueEnrolmentCode(admin.id, m)) };
    });
  }

  private async resetPassword(admin: User, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await inTransaction(this.ds, async (m) => {
      await m.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [admin.id, passwordHash]);
      await endSessions(m, admin.id, 'password_changed');
      await this.audit.record(
        { action: 'admin.bootstrap.password_reset', subjectType: 'user', subjectId: admin.id },
        m,
      );
    });
    this.callerChanged(admin.id);
  }
}
