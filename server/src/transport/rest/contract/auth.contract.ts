import {
  changePasswordSchema,
  loginSchema,
  otpSchema,
  profileSchema,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
} from '@cryptovest/common';
import { z } from 'zod';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import { Instant, TokenAnswer } from './shapes';
import { UserShape } from './user.contract';

/** The second step a password sign-in needs when the account has a second factor (the second-factor paths take the ticket). */
export const SecondFactorChallenge = z
  .strictObject({
    secondFactorRequired: z.literal(true),
    ticket: z
      .string()
      .meta({ description: 'Finish with POST /api/user/login/second-factor or /passkey; valid 5 minutes, once' }),
    expiresAt: Instant,
    methods: z.array(z.enum(['TOTP', 'PASSKEY', 'RECOVERY_CODE'])).meta({ description: 'The factors the account has' }),
  })
  .meta({ id: 'SecondFactorChallenge' });

const TAG = 'Auth';

/** POST /api/user/create: sign-up (SPEC §7). */
export const registerUser = operation({
  id: 'registerUser',
  bareBody: true,
  method: 'post',
  path: '/user/create',
  tag: TAG,
  summary: 'Sign up as an investor',
  description:
    'Creates an investor with a zeroed account and mails a verification code (`terms` is never sent; unknown ' +
    'fields are ignored). 422 per failing field (`name is too short`, `Invalid email`, `select your country`, ' +
    '`password length should be a 8 or more`); 409 `email` when taken.',
  auth: 'public',
  body: { yup: registerSchema },
  ok: { status: 201, data: UserShape },
  errors: [409],
  limited: true,
});

/** POST /api/user/login: a session, or the second-factor step. */
export const login = operation({
  id: 'login',
  bareBody: true,
  method: 'post',
  path: '/user/login',
  tag: TAG,
  summary: 'Sign in with e-mail and password',
  description:
    'An account without a second factor gets its session token; one with a second factor gets a ticket ' +
    '(`secondFactorRequired: true`) to finish with a code or a passkey. 400 `INVALID_CREDENTIALS` "Invalid email ' +
    'or password" (deliberately not 401); 403 `EMAIL_NOT_VERIFIED` (a fresh code is mailed, at most once a ' +
    'minute); 429 once the password-check budget of the account or the IP is spent.',
  auth: 'public',
  body: { yup: loginSchema },
  ok: { status: 200, data: z.union([TokenAnswer, SecondFactorChallenge]) },
  errors: [400, 403],
  limited: true,
});

/** GET /api/user: the caller. */
export const getCurrentUser = operation({
  id: 'getCurrentUser',
  method: 'get',
  path: '/user',
  tag: TAG,
  summary: 'The signed-in user',
  description: 'Also open to an administrator who has not set up a second factor yet.',
  auth: { role: Role.USER, scopes: [ApiKeyScope.ACCOUNT_READ, ApiKeyScope.ADMIN_READ], duringEnrolment: true },
  ok: { status: 200, data: UserShape },
});

/** PUT /api/user: the caller's profile. */
export const updateProfile = operation({
  id: 'updateProfile',
  method: 'put',
  path: '/user',
  tag: TAG,
  summary: "Change the caller's profile",
  description:
    'Only the changed profile fields; `email`, `country`, `type`, balances and anything else are ignored. ' +
    '`profileImage` is the `id` or `url` of one of the caller\'s uploads. 422 `fullName` "Name must be at least 3 ' +
    'characters", `emailNotifications` "emailNotifications must be true or false" (a JSON boolean). ' +
    '`emailNotifications: false` stops notification mails; security mails always go. `locale` (en, es, de) is the ' +
    'language of the account\'s mails, notifications and web app; 422 "language must be one of en, es, de".',
  auth: { role: Role.USER },
  body: { yup: profileSchema },
  ok: { status: 200, data: UserShape },
});

/** PUT /api/user/password: a password change, with a new token. */
export const changePassword = operation({
  id: 'changePassword',
  bareBody: true,
  method: 'put',
  path: '/user/password',
  tag: TAG,
  summary: "Change the caller's password",
  description:
    'Answers a new session token: every older token stops working. 422 `oldPassword` "old password is ' +
    'incorrect", `newPassword` "Password is too short" or "old password and new password can\'t be the same", ' +
    '`confirmPassword` "password does not match". The old password is checked against the sign-in budget (429 ' +
    'once spent). A "password changed" mail is sent.',
  auth: { role: Role.USER },
  body: { yup: changePasswordSchema },
  ok: { status: 200, data: TokenAnswer },
  limited: true,
});

/** POST /api/auth/verify-email: the sign-up code, answered with a session. */
export const verifyEmail = operation({
  id: 'verifyEmail',
  bareBody: true,
  method: 'post',
  path: '/auth/verify-email',
  tag: TAG,
  summary: 'Verify the e-mail address with the mailed code',
  description:
    'Signs the user in, marks the address verified and credits the signup bonus (locked until the first ' +
    'confirmed deposit). 422 `otp` "Invalid or expired code" for any failure; 429 once the account\'s daily ' +
    'budget of failed code checks is spent.',
  auth: 'public',
  body: { yup: otpSchema() },
  ok: { status: 200, data: TokenAnswer },
  limited: true,
});

/** POST /api/auth/resendOTP: a new code by mail. */
export const resendOtp = operation({
  id: 'resendOtp',
  bareBody: true,
  method: 'post',
  path: '/auth/resendOTP',
  tag: TAG,
  summary: 'Mail a new code (e-mail verification or password reset)',
  description:
    'Answers the same whether or not the e-mail is registered. One code a minute per address and purpose: ' +
    'inside it, 429 "Wait 42 seconds before asking for a new code" with `retryAfterSeconds`.',
  auth: 'public',
  body: { yup: resendOtpSchema },
  ok: { status: 200, data: z.strictObject({ sent: z.literal(true) }) },
  limited: true,
});

/** POST /api/auth/password/verify: a reset code exchanged for a reset token. */
export const verifyResetCode = operation({
  id: 'verifyResetCode',
  bareBody: true,
  method: 'post',
  path: '/auth/password/verify',
  tag: TAG,
  summary: 'Exchange a password-reset code for a reset token',
  description:
    '422 `otp` "Invalid or expired code"; 429 once the account\'s daily budget of failed code checks is spent.',
  auth: 'public',
  body: { yup: otpSchema() },
  ok: {
    status: 200,
    data: z.strictObject({
      token: z.string().meta({ description: 'A reset token for PUT /api/auth/password, valid once for 15 minutes' }),
    }),
  },
  limited: true,
});

/** PUT /api/auth/password: a new password with a reset token. */
export const resetPassword = operation({
  id: 'resetPassword',
  bareBody: true,
  method: 'put',
  path: '/auth/password',
  tag: TAG,
  summary: 'Set a new password with a reset token',
  description:
    'Every session of the user ends and a "password changed" mail is sent. 422 `token` when the token is ' +
    'unknown, used or expired.',
  auth: 'public',
  body: { yup: resetPasswordSchema },
  ok: { status: 200, data: z.strictObject({ reset: z.literal(true) }) },
  limited: true,
});
