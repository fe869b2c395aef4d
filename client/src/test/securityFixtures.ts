import { MySecurityDocument } from '../generated/graphql';

/** A SecurityStatus as the API returns it: nothing set up, unless `extra` says otherwise. */
export const securityStatus = (extra: object = {}) => ({
  __typename: 'SecurityStatus',
  totpEnabled: false,
  recoveryCodesLeft: 0,
  required: false,
  passkeys: [],
  ...extra,
});

/** A `mySecurity` mock answering `status` (each mock answers once: repeat it for refetches). */
export const mySecurityMock = (status: object) => ({
  request: { query: MySecurityDocument },
  result: { data: { mySecurity: status } },
});

/** Ten recovery codes. */
export const recoveryCodes = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cc${String(i).padStart(2, '0')}`);

/** A BAD_USER_INPUT answer with `message` on `field`. */
export const fieldError = (field: string, message: string) => ({
  errors: [{ message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message }] } }],
});
