import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AuthPayload } from './auth.inputs';

/** A way to finish a sign-in that asked for a second factor. */
export enum SecondFactorMethodType {
  TOTP = 'TOTP',
  RECOVERY_CODE = 'RECOVERY_CODE',
  PASSKEY = 'PASSKEY',
}
registerEnumType(SecondFactorMethodType, {
  name: 'SecondFactorMethod',
  description: 'TOTP = authenticator app code, RECOVERY_CODE = one of the ten single-use codes, PASSKEY = WebAuthn',
});

/** A registered passkey (its key material never leaves the server). */
@ObjectType()
export class Passkey {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt: Date | null;
}

/** The signed-in user's second factors (Settings → Security). */
@ObjectType()
export class SecurityStatus {
  @Field({ description: 'An authenticator app is set up' }) totpEnabled: boolean;
  @Field(() => Int, { description: 'Unused recovery codes' }) recoveryCodesLeft: number;
  @Field(() => [Passkey]) passkeys: Passkey[];
  @Field({ description: 'True for administrators: a second factor is required to use the back office' })
  required: boolean;
}

/** A started authenticator set-up: scan the QR code (or type the secret), then confirm with a code. */
@ObjectType()
export class TotpEnrolment {
  @Field({ description: 'Base32 secret, for typing into the app' }) secret: string;
  @Field({ description: 'otpauth:// URI (what the QR code holds)' }) otpauthUrl: string;
  @Field({ description: 'The QR code as a PNG data: URL' }) qrCodeDataUrl: string;
}

/** The authenticator is active: its recovery codes (shown this once) and a session proven with it. */
@ObjectType()
export class TotpConfirmation {
  @Field(() => [String]) recoveryCodes: string[];
  @Field(() => AuthPayload) session: AuthPayload;
}

/** A removed factor: the settings after it, and the caller's new session (every other session ended). */
@ObjectType()
export class SecurityChange {
  @Field(() => SecurityStatus) security: SecurityStatus;
  @Field(() => AuthPayload, { description: "Replaces the caller's token: the change signed out every older session" })
  session: AuthPayload;
}

/** An enrolment code was mailed to the administrator. */
@ObjectType()
export class EnrolmentCodeSent {
  @Field({ description: 'The code works once, until then' }) expiresAt: Date;
}

/** A new passkey, the account's first recovery codes when it had none, and a session proven with it. */
@ObjectType()
export class PasskeyEnrolment {
  @Field(() => Passkey) passkey: Passkey;
  @Field(() => [String], {
    description: 'Ten recovery codes, shown this once, when this is the first second factor; otherwise empty',
  })
  recoveryCodes: string[];
  @Field(() => AuthPayload) session: AuthPayload;
}

/** The password was right; finish with one of `methods` before `expiresAt`. */
@ObjectType()
export class SecondFactorChallenge {
  @Field({ description: 'Short-lived, single-use ticket for signInWithCode / signInWithPasskey' }) ticket: string;
  @Field() expiresAt: Date;
  @Field(() => [SecondFactorMethodType]) methods: SecondFactorMethodType[];
}

/** A password sign-in: either the session, or the second step it needs. */
@ObjectType()
export class SignInResult {
  @Field(() => AuthPayload, { nullable: true, description: 'Set when no second factor is needed' })
  session: AuthPayload | null;
  @Field(() => SecondFactorChallenge, { nullable: true, description: 'Set when the account uses two-factor sign-in' })
  secondFactor: SecondFactorChallenge | null;
}
