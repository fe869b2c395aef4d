import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../../modules/user';

/** Why a code is (re)sent (SPEC §3 resend `activity`). */
export enum OtpPurpose {
  VERIFY_EMAIL = 'verify_email',
  RESET_PASSWORD = 'reset_password',
}
registerEnumType(OtpPurpose, { name: 'OtpPurpose' });

/** Registration payload (SPEC §3; `terms` is never sent). */
@InputType()
export class RegisterInput {
  @Field() fullName: string;
  @Field() email: string;
  @Field({ description: 'ISO-3166 alpha-2 code, e.g. "GB"' }) country: string;
  @Field() password: string;
  @Field(() => String, {
    nullable: true,
    description: 'The language signed up in (en, es, de): mails and the app speak it',
  })
  locale?: string | null;
}

/** Profile fields an investor may change; e-mail, country and type are absent on purpose. */
@InputType()
export class ProfileInput {
  @Field({ nullable: true }) fullName?: string;
  @Field(() => String, { nullable: true }) phoneNumber?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) dob?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) province?: string | null;
  @Field(() => String, { nullable: true }) zipCode?: string | null;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) profileImage?: string | null;
  @Field(() => String, { nullable: true, description: 'The language the account reads the platform in: en, es or de' })
  locale?: string | null;
}

/** A signed-in session. */
@ObjectType({ description: 'A session token and its user' })
export class AuthPayload {
  @Field({ description: 'Bearer token (JWT, at most 60 minutes)' }) token: string;
  @Field(() => User) user: User;
}

/** Proof that a reset code was right: exchange it for a new password within 15 minutes, once. */
@ObjectType()
export class ResetTicket {
  @Field() token: string;
}
