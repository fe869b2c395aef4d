/**
 * Every user-facing validation and success text of SPEC §5 and §8, word for word.
 * Client forms and server services both read from here, so wording cannot drift.
 */
export const MSG = {
  invalidEmail: 'Invalid email',
  passwordLength: 'password length should be a 8 or more',
  nameTooShort: 'name is too short',
  passwordsDontMatch: "Passwords don't match",
  tooShort: 'too short',
  amountTooSmall: 'amount is too small',
  sameCrypto: "you can't convert to the same crypto currency",
  amountOver100: 'amount must be greater than 100',
  invalidAddress: 'invalid address',
  passwordTooShort: 'Password is too short',
  sameOldNewPassword: "old password and new password can't be the same",
  passwordNoMatch: 'password does not match',
  profileNameTooShort: 'Name must be at least 3 characters',
  selectWallet: 'select wallet',
  somethingWentWrong: 'Something went wrong',
  coinDataFailed: 'something went wrong',
  unexpectedAppError: 'Unexpected Application Error!',
  // Not worded by the spec (it only says "country min 1" / "needs all 4 digits"); chosen here.
  selectCountry: 'select your country',
  invalidCode: 'enter the code from your email',
  messageTooShort: 'message is too short',
  messageTooLong: 'message is too long',
  amountTooLarge: 'amount is too large',
  accountAmountInvalid: 'enter an amount with up to 5 decimals',
  amountNegative: 'amount must not be negative',
  // Withdrawal amount (replaces the spec's "min 3 characters", docs/spec-deviations.md).
  enterAmount: 'enter an amount',
  amountNotNumber: 'enter the amount in dollars, e.g. 40 or 40.50',
  amountNotPositive: 'amount must be more than $0',
  amountTwoDecimals: 'amount can have at most 2 decimals',
  // Issue 39: the account's language.
  unknownLocale: 'language must be one of en, es, de',
} as const;

/** Success toasts of SPEC §8. */
export const TOAST = {
  profileUpdated: 'profile updated',
  transactionUpdated: 'transaction updated',
  passwordChangedSuccessfully: 'password changed successfully',
  passwordChanged: 'password changed',
  accountUpdated: 'account updated',
  otpSent: 'otp sent to your email',
  otpResent: 'otp resent to your email',
  depositSuccessful: 'Deposit successful',
  withdrawalSent: 'Withdrawal request sent',
  // Not in the spec: the contact form's confirmation (issue 4).
  messageSent: 'message sent, we will reply by e-mail',
} as const;
