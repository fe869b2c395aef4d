import { Args, ArgsType, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { Auth } from './auth';
import { AdminPageArgs, adminPaging, CursorArgs, PageType } from './paging';
import { AUDIT_ACTIONS, type AuditLog, type AuditLogEntry, type AuditPerson } from '../../platform/audit';
import { ApiKeyScope, Role } from '../../modules/user';

/** The services this adapter calls; the composition root passes them. */
export interface AuditResolverDeps {
  auditLog: AuditLog;
}

/** An action the trail records, with the words the log shows for it (the action filter's choices). */
@ObjectType('AuditAction', { description: 'An action the audit trail records, and how the log names it' })
export class AuditActionType {
  @Field({ description: 'The stored name, e.g. user.admin_updated' }) action: string;
  @Field({ description: 'In words, e.g. "Edited a user"' }) label: string;
}

/** A person an entry names: who acted, or whom the subject belongs to. */
@ObjectType('AuditPerson')
export class AuditPersonType {
  @Field(() => ID) id: string;
  @Field() fullName: string;
  @Field() email: string;
}

/** One detail of an entry (its metadata), the value as text (JSON for lists and objects). */
@ObjectType('AuditDetail')
export class AuditDetailType {
  @Field() key: string;
  @Field() value: string;
}

/** One audit entry: who did what to which record, when, from where, with its details. */
@ObjectType('AuditEntry', { description: 'Who did what, to which record, when (admin audit log)' })
export class AuditEntryType {
  @Field(() => ID) id: string;
  @Field() action: string;
  @Field({ description: 'The action in words' }) actionLabel: string;
  @Field(() => AuditPersonType, { nullable: true, description: 'Who acted (null: the system or a guest)' })
  actor: AuditPerson | null;
  @Field(() => String, { nullable: true, description: 'user, account, transaction, api_key, ...' })
  subjectType: string | null;
  @Field(() => String, { nullable: true }) subjectId: string | null;
  @Field(() => AuditPersonType, {
    nullable: true,
    description: "The user the subject is or belongs to (an account's or a transaction's owner)",
  })
  subjectOwner: AuditPerson | null;
  @Field(() => String, { nullable: true }) ip: string | null;
  @Field(() => [AuditDetailType]) details: AuditDetailType[];
  @Field() createdAt: Date;
}

/** A page of audit entries. */
export const AuditEntryPage = PageType(AuditEntryType, 'AuditEntryPage');

/** The audit log's filters beside paging (all optional: the whole trail, newest first). */
@ArgsType()
export class AuditLogArgs {
  @Field(() => String, { nullable: true, description: "The actor's full name or e-mail starting with this" })
  actor?: string | null;
  @Field(() => String, { nullable: true, description: 'Exactly this action (one of auditActions)' })
  action?: string | null;
  @Field(() => Date, { nullable: true, description: 'Entries at or after this instant' })
  from?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Entries before this instant' })
  to?: Date | null;
}

/** An entry as the schema shows it: the metadata as key/value text, never the raw jsonb. */
function entryView({ event, actionLabel, actor, subjectOwner }: AuditLogEntry): AuditEntryType {
  const details = Object.entries(event.metadata ?? {}).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  return {
    id: event.id,
    action: event.action,
    actionLabel,
    actor,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    subjectOwner,
    ip: event.ip,
    details,
    createdAt: event.createdAt,
  };
}

/** GraphQL adapter for the admin audit log (issue 38). */
@Resolver(() => AuditEntryType)
export class AuditResolver {
  constructor(private readonly services: AuditResolverDeps) {}

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => AuditEntryPage, {
    description: 'The audit trail, newest first: filter by actor (name or e-mail start), action and time range (admin)',
  })
  async auditLog(
    @Args(() => AdminPageArgs) page: AdminPageArgs,
    @Args(() => AuditLogArgs) args: AuditLogArgs,
    @Args(() => CursorArgs) cursor: CursorArgs,
  ) {
    const found = await this.services.auditLog.list(
      {
        actor: args.actor ?? undefined,
        action: args.action ?? undefined,
        from: args.from ?? undefined,
        to: args.to ?? undefined,
      },
      adminPaging(page, cursor),
    );
    return { ...found, items: found.items.map(entryView) };
  }

  @Auth(Role.ADMIN, { scopes: [ApiKeyScope.ADMIN_READ] })
  @Query(() => [AuditActionType], { description: 'The actions the audit trail records, in words (admin)' })
  auditActions(): AuditActionType[] {
    return Object.entries(AUDIT_ACTIONS).map(([action, label]) => ({ action, label }));
  }
}
