import { z } from 'zod';
import { Role } from '../../../modules/user';
import { operation } from './operation';
import { Id, Instant, maybe, TokenAnswer } from './shapes';

/** WebAuthn request options for `navigator.credentials.get()`, as @simplewebauthn/server makes them. */
const PasskeyRequestOptions = z
  .strictObject({
    rpId: z.string(),
    challenge: z.string().meta({ description: 'base64url' }),
    allowCredentials: z.array(
      z.strictObject({
        id: z.string().meta({ description: 'Credential id, base64url' }),
        type: z.literal('public-key'),
        transports: z.array(z.string()),
      }),
    ),
    timeout: z.int(),
    userVerification: z.enum(['required', 'preferred', 'discouraged']),
  })
  .meta({ id: 'PasskeyRequestOptions', description: 'PublicKeyCredentialRequestOptionsJSON (WebAuthn)' });

/** A passkey as lists show it (never its key material). */
const Passkey = z
  .strictObject({ id: Id, name: z.string(), createdAt: Instant, lastUsedAt: maybe(Instant) })
  .meta({ id: 'Passkey' });

/** A browser's passkey answer: the object `navigator.credentials.get()` gave, or its JSON text. */
const PasskeyResponse = z
  .union([z.record(z.string(), z.unknown()), z.string()])
  .meta({ description: "The browser's answer (AuthenticationResponseJSON), as an object or its JSON text" });

const TAG = 'Second factor';

/** POST /api/user/login/second-factor: finish a sign-in with a code. */
export const loginWithSecondFactorCode = operation({
  id: 'loginWithSecondFactorCode',
  method: 'post',
  path: '/user/login/second-factor',
  tag: TAG,
  summary: 'Finish a sign-in with an authenticator or recovery code',
  description:
    '422 `code` "That code is not right. Check your authenticator app and try again." (retry with the same ' +
    'ticket); 422 `ticket` "This sign-in step has expired. Enter your password again."; 429 once the account\'s ' +
    'daily budget of wrong codes is spent. A used recovery code is mailed to the owner.',
  auth: 'public',
  body: {
    json: z.object({
      ticket: z.string().meta({ description: 'From POST /api/user/login' }),
      code: z.string().meta({ description: 'An authenticator code (6 digits) or a recovery code' }),
    }),
  },
  ok: { status: 200, data: TokenAnswer },
  limited: true,
});

/** POST /api/user/login/passkey/options: the WebAuthn options of a sign-in's passkey step. */
export const passkeyLoginOptions = operation({
  id: 'passkeyLoginOptions',
  method: 'post',
  path: '/user/login/passkey/options',
  tag: TAG,
  summary: "WebAuthn request options for a sign-in's passkey step",
  description: '422 `ticket` when it expired; 409 when the account has no passkey.',
  auth: 'public',
  body: { json: z.object({ ticket: z.string().meta({ description: 'From POST /api/user/login' }) }) },
  ok: { status: 200, data: PasskeyRequestOptions },
  errors: [409],
});

/** POST /api/user/login/passkey: finish a sign-in with a passkey. */
export const loginWithPasskey = operation({
  id: 'loginWithPasskey',
  method: 'post',
  path: '/user/login/passkey',
  tag: TAG,
  summary: 'Finish a sign-in with a passkey',
  description:
    '422 `response` "That passkey could not be verified. Try again."; 422 `ticket` when it expired; 429 as for ' +
    'codes (a failed passkey spends the same budget).',
  auth: 'public',
  body: { json: z.object({ ticket: z.string(), response: PasskeyResponse }) },
  ok: { status: 200, data: TokenAnswer },
  limited: true,
});

/** The guard of the signed-in security paths: any user, also an administrator still enrolling. */
const ENROLLING = { role: Role.USER, duringEnrolment: true };

/** GET /api/user/security: the caller's second factors. */
export const getSecurityStatus = operation({
  id: 'getSecurityStatus',
  method: 'get',
  path: '/user/security',
  tag: TAG,
  summary: "The caller's second factors",
  description: '`required` is true for administrators, who must keep a second factor.',
  auth: ENROLLING,
  ok: {
    status: 200,
    data: z
      .strictObject({
        totpEnabled: z.boolean(),
        recoveryCodesLeft: z.int(),
        passkeys: z.array(Passkey),
        required: z.boolean(),
      })
      .meta({ id: 'SecurityStatus' }),
  },
});

/** POST /api/user/security/totp: start setting up an authenticator app. */
export const startTotpEnrolment = operation({
  id: 'startTotpEnrolment',
  method: 'post',
  path: '/user/security/totp',
  tag: TAG,
  summary: 'Start setting up an authenticator app',
  description:
    'Inactive until confirmed; calling again replaces the pending secret. 409 while an authenticator is already ' +
    'active; 403 `STEP_UP_REQUIRED` when the account has a factor not proven in this session in the last 5 minutes.',
  auth: ENROLLING,
  ok: {
    status: 201,
    data: z.strictObject({
      secret: z.string().meta({ description: 'base32' }),
      otpauthUrl: z.string().meta({ description: 'The otpauth:// URI' }),
      qrCodeDataUrl: z.string().meta({ description: 'The URI as a PNG data URL' }),
    }),
  },
  errors: [409],
});

/** POST /api/user/security/totp/confirm: activate the authenticator with its first code. */
export const confirmTotpEnrolment = operation({
  id: 'confirmTotpEnrolment',
  method: 'post',
  path: '/user/security/totp/confirm',
  tag: TAG,
  summary: 'Activate the authenticator app with its current code',
  description:
    'Answers the ten recovery codes (shown this once) and a new session proven with the second factor: every ' +
    'older token of the account stops working. 422 `code` for a wrong code or when no set-up is waiting; 422 ' +
    "`enrolmentCode` when an administrator's is missing or not valid; 403 `STEP_UP_REQUIRED`; 409 when one is " +
    'already active.',
  auth: ENROLLING,
  body: {
    json: z.object({
      code: z.string().meta({ description: "The app's current code" }),
      enrolmentCode: z
        .string()
        .optional()
        .meta({ description: "An administrator's first factor: the mailed enrolment code" }),
    }),
  },
  ok: {
    status: 200,
    data: z.strictObject({ recoveryCodes: z.array(z.string()), token: z.string() }),
  },
  errors: [409],
  limited: true,
});

/** POST /api/user/security/enrolment-code: mail an administrator the code enrolling needs. */
export const sendEnrolmentCode = operation({
  id: 'sendEnrolmentCode',
  method: 'post',
  path: '/user/security/enrolment-code',
  tag: TAG,
  summary: 'Mail an administrator the one-time enrolment code',
  description:
    'For an administrator without a second factor (24 h, single use; a new one voids the older). 409 for ' +
    'investors and for admins who have a factor; 429 within a minute of the last one.',
  auth: ENROLLING,
  ok: { status: 202, data: z.strictObject({ expiresAt: Instant }) },
  errors: [409],
  limited: true,
});

/** POST /api/user/security/step-up: prove a code again inside the session. */
export const stepUpWithCode = operation({
  id: 'stepUpWithCode',
  method: 'post',
  path: '/user/security/step-up',
  tag: TAG,
  summary: 'Prove the second factor again with a code (step-up)',
  description:
    'Answers a session whose second factor was proven just now: adding or removing factors works with it for ' +
    '5 minutes. 422 `code` when wrong; 409 without a factor.',
  auth: ENROLLING,
  body: { json: z.object({ code: z.string().meta({ description: 'An authenticator or recovery code' }) }) },
  ok: { status: 200, data: TokenAnswer },
  errors: [409],
  limited: true,
});

/** POST /api/user/security/step-up/passkey/options: the WebAuthn options of a passkey step-up. */
export const stepUpPasskeyOptions = operation({
  id: 'stepUpPasskeyOptions',
  method: 'post',
  path: '/user/security/step-up/passkey/options',
  tag: TAG,
  summary: 'WebAuthn request options for a passkey step-up',
  description: '409 when the account has no passkey.',
  auth: ENROLLING,
  ok: { status: 200, data: PasskeyRequestOptions },
  errors: [409],
});

/** POST /api/user/security/step-up/passkey: prove a passkey again inside the session. */
export const stepUpWithPasskey = operation({
  id: 'stepUpWithPasskey',
  method: 'post',
  path: '/user/security/step-up/passkey',
  tag: TAG,
  summary: 'Prove the second factor again with a passkey (step-up)',
  description: '422 `response` when it does not check out or its challenge expired (5 minutes).',
  auth: ENROLLING,
  body: { json: z.object({ response: PasskeyResponse }) },
  ok: { status: 200, data: TokenAnswer },
  limited: true,
});
