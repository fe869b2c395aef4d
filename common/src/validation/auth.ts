import * as yup from 'yup';
import { NAME_MIN, OTP_LENGTH, PASSWORD_MIN } from '../constants';
import { isCountryCode } from '../countries';
import { LOCALES } from '../i18n/locales';
import { atMostCharactersMessage } from '../i18n/message-templates';
import { MSG } from '../messages';

/** E-mail rule used by every form (SPEC §5: 'Invalid email'). */
export const emailRule = () =>
  yup.string().trim().email(MSG.invalidEmail).max(254, MSG.invalidEmail).required(MSG.invalidEmail);

/** Password rule of login/register (SPEC §5). Upper bound keeps hashing cost bounded. */
const loginPassword = () =>
  yup.string().min(PASSWORD_MIN, MSG.passwordLength).max(128, 'password is too long').required(MSG.passwordLength);

/** Login form and server-side login check (SPEC §5). */
export const loginSchema = yup.object({
  email: emailRule(),
  password: loginPassword(),
});

/** A language the platform speaks, optional (absent keeps the account's). */
const localeRule = () =>
  yup
    .string()
    .oneOf([...LOCALES], MSG.unknownLocale)
    .optional();

/** Registration (SPEC §5); `terms` is client-only and never sent. */
export const registerSchema = yup.object({
  fullName: yup.string().trim().min(NAME_MIN, MSG.nameTooShort).max(200, 'name is too long').required(MSG.nameTooShort),
  email: emailRule(),
  country: yup
    .string()
    .trim()
    .min(1, MSG.selectCountry)
    .required(MSG.selectCountry)
    .test('iso', MSG.selectCountry, (v) => !v || isCountryCode(v.toUpperCase())),
  password: loginPassword(),
  /** The language the visitor signed up in: their mails and the app then speak it (issue 39). */
  locale: localeRule(),
});

/** A one-time code: exactly `length` digits (SPEC §5: verify enables only with all digits). */
export const otpRule = (length: number = OTP_LENGTH) =>
  yup
    .string()
    .matches(new RegExp(`^\\d{${length}}$`), MSG.invalidCode)
    .required(MSG.invalidCode);

/** E-mail + code, for e-mail verification and the reset-code check. */
export const otpSchema = (length: number = OTP_LENGTH) => yup.object({ email: emailRule(), otp: otpRule(length) });

/** Purposes a code can be sent for (SPEC §3 resend `activity`). */
export const OTP_ACTIVITIES = ['verify_email', 'reset_password'] as const;
export type OtpActivity = (typeof OTP_ACTIVITIES)[number];

/** Resend-code request. */
export const resendOtpSchema = yup.object({
  email: emailRule(),
  activity: yup
    .string()
    .oneOf([...OTP_ACTIVITIES], 'activity must be verify_email or reset_password')
    .required(),
});

/** Reset flow's new password form (SPEC §5: both min 8; must match). `confirmPassword` is client-only. */
export const resetPasswordFormSchema = yup.object({
  password: loginPassword(),
  confirmPassword: yup
    .string()
    .min(PASSWORD_MIN, MSG.passwordLength)
    .required(MSG.passwordLength)
    .oneOf([yup.ref('password')], MSG.passwordsDontMatch),
});

/** What the server checks for PUT /api/auth/password. */
export const resetPasswordSchema = yup.object({
  password: loginPassword(),
  token: yup.string().min(1, 'reset token is missing').required('reset token is missing'),
});

/** Settings password change (SPEC §5). The server ignores `confirmPassword` when absent. */
export const changePasswordSchema = yup.object({
  oldPassword: yup.string().min(PASSWORD_MIN, MSG.passwordTooShort).required(MSG.passwordTooShort),
  newPassword: yup
    .string()
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .max(128, 'password is too long')
    .required(MSG.passwordTooShort)
    .notOneOf([yup.ref('oldPassword')], MSG.sameOldNewPassword),
  confirmPassword: yup
    .string()
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .oneOf([yup.ref('newPassword')], MSG.passwordNoMatch)
    .optional(),
});

/** Client form variant: confirmation required. */
export const changePasswordFormSchema = changePasswordSchema.shape({
  confirmPassword: yup
    .string()
    .min(PASSWORD_MIN, MSG.passwordTooShort)
    .required(MSG.passwordTooShort)
    .oneOf([yup.ref('newPassword')], MSG.passwordNoMatch),
});

/** Profile fields an investor may change (SPEC §3, §5). E-mail, country and type are not here. */
export const PROFILE_FIELDS = [
  'fullName',
  'phoneNumber',
  'dob',
  'city',
  'province',
  'zipCode',
  'address',
  'profileImage',
  'emailNotifications',
  'locale',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const optionalText = (max: number) => yup.string().trim().max(max, atMostCharactersMessage(max)).nullable().optional();

/** Profile update (SPEC §5: fullName min 3 'Name must be at least 3 characters'; others strings). */
export const profileSchema = yup.object({
  fullName: yup.string().trim().min(NAME_MIN, MSG.profileNameTooShort).max(200, 'name is too long').optional(),
  phoneNumber: optionalText(40),
  dob: yup
    .string()
    .trim()
    .matches(/^(\d{4}-\d{2}-\d{2})?$/, 'date of birth must be YYYY-MM-DD')
    .nullable()
    .optional(),
  city: optionalText(120),
  province: optionalText(120),
  zipCode: optionalText(20),
  address: optionalText(300),
  profileImage: optionalText(500),
  /** Account notification mails on or off (security notices always go). */
  emailNotifications: yup.boolean().strict().typeError('emailNotifications must be true or false').optional(),
  /** The language the account reads the platform in (issue 39). */
  locale: localeRule(),
});

/** Admin edit of a user (SPEC §5): e-mail, phone, dob and country are read-only, so absent here. */
export const adminUserSchema = yup.object({
  fullName: yup.string().trim().min(NAME_MIN, MSG.profileNameTooShort).max(200, 'name is too long').optional(),
  city: optionalText(120),
  province: optionalText(120),
  zipCode: optionalText(20),
  address: optionalText(300),
  isPremium: yup.boolean().optional(),
  planType: optionalText(60),
  announcement: optionalText(5000),
  message: optionalText(1000),
});
/** Fields an admin may change on a user, in the order the edit modal shows them. */
export const ADMIN_USER_FIELDS = [
  'fullName',
  'city',
  'province',
  'zipCode',
  'address',
  'isPremium',
  'planType',
  'announcement',
  'message',
] as const;
