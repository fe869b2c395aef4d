import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { readServerError } from './graphqlErrors';

/** What Apollo rejects with when the server answers `errors`. */
const graphqlErrors = (...errors: object[]) =>
  new CombinedGraphQLErrors({ data: null, errors: errors as CombinedGraphQLErrors['errors'] });

describe('readServerError', () => {
  it('toasts each field message of a validation error once and keeps them for the fields', () => {
    const fields = [
      { field: 'email', message: 'Invalid email' },
      { field: 'password', message: 'password length should be a 8 or more' },
    ];
    const report = readServerError(
      graphqlErrors({ message: 'Invalid email', extensions: { code: 'BAD_USER_INPUT', fields } }),
    );
    expect(report).toEqual({ code: 'BAD_USER_INPUT', messages: fields.map((f) => f.message), fields });
  });

  it('keeps the message of other codes, with any named field', () => {
    const message = 'An account with this email already exists';
    expect(
      readServerError(
        graphqlErrors({ message, extensions: { code: 'CONFLICT', fields: [{ field: 'email', message }] } }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      messages: [message],
      fields: [{ field: 'email', message }],
    });
    expect(
      readServerError(
        graphqlErrors({ message: 'Invalid email or password', extensions: { code: 'INVALID_CREDENTIALS' } }),
      ),
    ).toEqual({
      code: 'INVALID_CREDENTIALS',
      messages: ['Invalid email or password'],
      fields: [],
    });
  });

  it("falls back to 'Something went wrong' for empty messages, network errors and junk", () => {
    expect(readServerError(graphqlErrors({ message: '' })).messages).toEqual(['Something went wrong']);
    expect(readServerError(new TypeError('Failed to fetch'))).toEqual({
      code: null,
      messages: ['Something went wrong'],
      fields: [],
    });
    expect(
      readServerError(graphqlErrors({ message: 'x', extensions: { code: 'BAD_USER_INPUT', fields: 'nope' } })).fields,
    ).toEqual([]);
  });
});
