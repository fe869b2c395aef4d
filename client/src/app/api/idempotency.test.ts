import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { renderHook } from '@testing-library/react';
import { useIdempotencyKey } from './idempotency';

const graphqlError = (code: string) =>
  new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code } }] } as never);

describe('useIdempotencyKey', () => {
  it('keeps one key for one intended action until the server answered', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const keys = result.current;
    const first = keys.keyFor({ amount: '40' });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor({ amount: '40' })).toBe(first); // a double click

    keys.settle(new TypeError('Failed to fetch')); // no answer: the retry is the same action
    expect(keys.keyFor({ amount: '40' })).toBe(first);
    keys.settle(graphqlError('UNAVAILABLE')); // outage: outcome unknown
    expect(keys.keyFor({ amount: '40' })).toBe(first);

    keys.settle(graphqlError('CONFLICT')); // refused: the next click is a new attempt
    const second = keys.keyFor({ amount: '40' });
    expect(second).not.toBe(first);

    expect(keys.keyFor({ amount: '41' })).not.toBe(second); // other values, other action
    const third = keys.keyFor({ amount: '41' });
    keys.settle(); // success
    expect(keys.keyFor({ amount: '41' })).not.toBe(third);
  });
});
