import { DEFAULT_LOCALE, type Locale } from '@cryptovest/common';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Stored user types (SPEC §3). GraphQL exposes them as an enum; REST as the lower-case strings. */
export enum UserType {
  INVESTOR = 'investor',
  ADMIN = 'admin',
}
registerEnumType(UserType, { name: 'UserType', description: 'investor or admin' });

/** A registered person. Secrets (password hash, token cut-off) have no @Field and never leave. */
@ObjectType({ description: 'A registered investor or administrator' })
@Entity({ name: 'app_user' })
export class User {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column({ name: 'full_name', type: 'varchar', length: 200 })
  fullName: string;

  /** Stored lower-cased; unique. Never editable after registration. */
  @Field()
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Field(() => String, { nullable: true })
  @Column({ name: 'phone_number', type: 'varchar', length: 40, nullable: true })
  phoneNumber: string | null;

  @Field(() => String, { nullable: true, description: 'Date of birth, YYYY-MM-DD' })
  @Column({ type: 'varchar', length: 10, nullable: true })
  dob: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 120, nullable: true })
  city: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 120, nullable: true })
  province: string | null;

  /** ISO-3166 alpha-2 code. Never editable after registration. */
  @Field()
  @Column({ type: 'char', length: 2 })
  country: string;

  @Field(() => String, { nullable: true })
  @Column({ name: 'zip_code', type: 'varchar', length: 20, nullable: true })
  zipCode: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'varchar', length: 300, nullable: true })
  address: string | null;

  @Field(() => UserType)
  @Column({ type: 'varchar', length: 16, default: UserType.INVESTOR })
  type: UserType;

  /** An upload id (shown as a signed link by the resolvers and presenters). */
  @Column({ name: 'profile_image', type: 'varchar', length: 500, nullable: true })
  profileImage: string | null;

  @Field()
  @Column({ name: 'is_premium', type: 'boolean', default: false })
  isPremium: boolean;

  @Field(() => String, { nullable: true })
  @Column({ name: 'plan_type', type: 'varchar', length: 60, nullable: true })
  planType: string | null;

  @Field(() => String, { nullable: true, description: 'Admin-written HTML; clients sanitise before rendering' })
  @Column({ type: 'text', nullable: true })
  announcement: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Field({ description: 'Exchange code used to request coin data' })
  @Column({ type: 'varchar', length: 16, default: 'TW' })
  exchange: string;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** Account notification mails (deposit confirmed, messages…) on or off; security mails ignore it. */
  @Field({ description: 'Whether account notifications are also e-mailed (security notices always are)' })
  @Column({ name: 'email_notifications', type: 'boolean', default: true })
  emailNotifications: boolean;

  /** The language the account reads the platform in: its mails, notifications and the web app. */
  @Field(() => String, { description: 'The language the account reads the platform in: en, es or de' })
  @Column({ type: 'varchar', length: 5, default: DEFAULT_LOCALE })
  locale: Locale;

  /** Tokens issued before this instant are refused (password change/reset, forced logout). */
  @Column({ name: 'tokens_valid_after', type: 'timestamptz', default: () => 'now()' })
  tokensValidAfter: Date;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
