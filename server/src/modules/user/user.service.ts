import type { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from '../../db/transaction';
import { AppError, ErrorCode } from '../../kernel/errors';
import { AuditService } from '../../platform/audit';
import type { Page, Paging } from '../../kernel/paging';
import { unwrapData, validate } from '../../kernel/validation';
import { ADMIN_USER_FIELDS, adminUserSchema, PROFILE_FIELDS, profileSchema } from '@cryptovest/common';
import { ownedUploadId, type OwnedUploads } from '../upload';
import { cappedPage } from '../../db/capped-page';
import type { AuthUser } from './role';
import { User } from './user.entity';
import { USERS_SEARCH, userSearchCondition } from './user-search';
import { userOrder, type UserListQuery } from './user-list';

/** The fields of `data` among `fields` that were sent; '' clears any field but the full name. */
function sentFields(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const field of fields) {
    if (data[field] !== undefined) sent[field] = data[field] === '' && field !== 'fullName' ? null : data[field];
  }
  return sent;
}

/** What runs after the changes are written, in their transaction (e.g. the investor's notification). */
type AfterChanges = (m: EntityManager, changes: Record<string, unknown>) => Promise<void>;

/** Admin-written fields that reach the investor as a notification (and mail) when set to new text. */
const MESSAGE_FIELDS = ['message', 'announcement'] as const;

/** Who tells an investor about an admin's new message or announcement (the notifications module, wired by the composition root). */
export interface AdminMessages {
  adminMessage(m: EntityManager, userId: string, field: 'message' | 'announcement', text: string): Promise<void>;
}

/** Users: profile reads, the admin list, and the admin bootstrap at start. */
export class UserService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly uploads: () => OwnedUploads | null = () => null,
    private readonly notifications: AdminMessages | null = null,
    /** Told after a user's row changed here (TokenService.callerChanged: their next request sees it). */
    private readonly callerChanged: (userId: string) => void = () => {},
  ) {}

  /** The signed-in caller's own row: the one read while checking the session, else read now. */
  async current(caller: Pick<AuthUser, 'id' | 'profile'>): Promise<User> {
    return caller.profile ?? this.get(caller.id);
  }

  /** The user by id, or NOT_FOUND. */
  async get(id: string): Promise<User> {
    const user = await this.ds.getRepository(User).findOne({ where: { id } });
    if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'User not found');
    return user;
  }

  /**
   * Investor profile update: only the allowed fields that were sent are written (SPEC §5);
   * e-mail, country, type and anything else in the input are ignored, never assigned.
   */
  async updateProfile(userId: string, input: unknown, ip: string | null): Promise<User> {
    const sent = sentFields(await validate(profileSchema, unwrapData(input)), PROFILE_FIELDS);
    // The profile image is one of the caller's own uploads (stored by id, shown as a signed link).
    if (typeof sent.profileImage === 'string') {
      sent.profileImage = await ownedUploadId(this.uploads(), sent.profileImage, userId, 'profileImage');
    }
    return this.applyChanges(userId, sent, 'user.profile_updated', userId, ip);
  }

  /**
   * Admin edit (SPEC §5): full name, address fields and what drives the investor's banners
   * (isPremium, planType, announcement, message). E-mail, type, balances, ids and anything else
   * in the body are ignored. A new (non-empty) message or announcement also becomes the investor's
   * notification, mailed and published live in the same transaction.
   */
  async updateByAdmin(userId: string, input: unknown, adminId: string, ip: string | null): Promise<User> {
    const sent = sentFields(await validate(adminUserSchema, unwrapData(input)), ADMIN_USER_FIELDS);
    return this.applyChanges(userId, sent, 'user.admin_updated', adminId, ip, async (m, changes) => {
      for (const field of MESSAGE_FIELDS) {
        const text = changes[field];
        if (typeof text === 'string' && text.trim()) await this.notifications?.adminMessage(m, userId, field, text);
      }
    });
  }

  /** Writes the sent fields that differ from the stored user, with one audit event naming them, in one transaction. */
  private async applyChanges(
    userId: string,
    sent: Record<string, unknown>,
    action: string,
    actorId: string,
    ip: string | null,
    after?: AfterChanges,
  ): Promise<User> {
    const user = await this.get(userId);
    const stored = user as unknown as Record<string, unknown>;
    const changes = Object.fromEntries(Object.entries(sent).filter(([field, value]) => stored[field] !== value));
    if (Object.keys(changes).length) {
      await inTransaction(this.ds, async (m) => {
        await m.getRepository(User).update(userId, changes as Partial<User>);
        await this.audit.record(
          { action, actorId, subjectType: 'user', subjectId: userId, ip, metadata: { fields: Object.keys(changes) } },
          m,
        );
        await after?.(m, changes);
      });
      this.callerChanged(userId);
    }
    return Object.assign(user, changes);
  }

  /**
   * Admin list (SPEC §2 /admin/users): newest first unless another order is asked for; `search`
   * matches full name, e-mail or country (code or English name) starting with the text, or full
   * name ending with it (case-insensitive); `premium` keeps premium users only, or the others.
   */
  async list(query: UserListQuery, paging: Paging): Promise<Page<User>> {
    const qb = this.ds.getRepository(User).createQueryBuilder('u');
    const condition = userSearchCondition(query.search, USERS_SEARCH);
    if (condition) qb.andWhere(condition.sql, condition.params);
    if (query.premium !== undefined) qb.andWhere('u.is_premium = :premium', { premium: query.premium });
    return cappedPage(qb, paging, userOrder(query));
  }
}
