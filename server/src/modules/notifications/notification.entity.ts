import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a notification is about (issue 12); the client picks an icon and a link by it. */
export enum NotificationKind {
  DEPOSIT_CONFIRMED = 'DEPOSIT_CONFIRMED',
  DEPOSIT_DECLINED = 'DEPOSIT_DECLINED',
  WITHDRAWAL_CONFIRMED = 'WITHDRAWAL_CONFIRMED',
  WITHDRAWAL_DECLINED = 'WITHDRAWAL_DECLINED',
  /** Profit (and principal) of a matured deposit were credited. */
  DEPOSIT_SETTLED = 'DEPOSIT_SETTLED',
  /** An admin set a new message or announcement for this investor. */
  ADMIN_MESSAGE = 'ADMIN_MESSAGE',
}
registerEnumType(NotificationKind, { name: 'NotificationKind' });

/** One in-app notification of one user; only its owner ever reads or marks it. */
@ObjectType({ description: 'Something that happened to your account, newest first' })
@Entity({ name: 'notification' })
export class Notification {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Field(() => NotificationKind)
  @Column({ type: 'varchar', length: 32 })
  kind: NotificationKind;

  @Field()
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Field({ description: 'Plain text (never HTML): render it as text' })
  @Column({ type: 'text' })
  body: string;

  @Field(() => ID, { nullable: true, description: 'The transaction it is about, if any' })
  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId: string | null;

  @Field()
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the owner marked it read; null while unread' })
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
