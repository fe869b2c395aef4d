import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { CONNECTION_LOST_MESSAGE, OFFLINE_MESSAGE } from './connection';
import { readServerError, UNAVAILABLE_MESSAGE } from './graphqlErrors';

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

  it("falls back to 'Something went wrong' for empty messages and junk", () => {
    expect(readServerError(graphqlErrors({ message: '' })).messages).toEqual(['Something went wrong']);
    expect(readServerError(new TypeError('x is not a function'))).toEqual({
      code: null,
      messages: ['Something went wrong'],
      fields: [],
    });
    expect(
      readServerError(graphqlErrors({ message: 'x', extensions: { code: 'BAD_USER_INPUT', fields: 'nope' } })).fields,
    ).toEqual([]);
  });

  it('tells the user to retry in a moment when the service is temporarily unavailable (503 / UNAVAILABLE)', () => {
    const unavailable = { code: 'UNAVAILABLE', messages: [UNAVAILABLE_MESSAGE], fields: [] };
    expect(UNAVAILABLE_MESSAGE).toBe('The service is temporarily unavailable. Please try again in a moment.');
    expect(
      readServerError(
        graphqlErrors({
          message: 'The service is temporarily unavailable. Try again in a moment.',
          extensions: { code: 'UNAVAILABLE' },
        }),
      ),
    ).toEqual(unavailable);
    // A 503 whose body is not a GraphQL response (e.g. from a proxy) reads the same.
    const http503 = new ServerError('Response not successful', {
      response: { status: 503 } as Response,
      bodyText: 'Service Unavailable',
    });
    expect(readServerError(http503)).toEqual(unavailable);
    const http500 = new ServerError('Response not successful', { response: { status: 500 } as Response, bodyText: '' });
    expect(readServerError(http500).messages).toEqual(['Something went wrong']);
  });

  it('says the connection was lost, not "Something went wrong", when no answer came (issue 38, defect 6)', () => {
    expect(readServerError(new TypeError('Failed to fetch'))).toEqual({
      code: 'OFFLINE',
      messages: [CONNECTION_LOST_MESSAGE],
      fields: [],
    });
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(readServerError(new TypeError('Failed to fetch')).messages).toEqual([OFFLINE_MESSAGE]);
      expect(OFFLINE_MESSAGE).toBe("You're offline: check your connection and try again. What you typed is kept.");
    } finally {
      offline.mockRestore();
    }
  });
});
