import { decodeUpdates, encodeUpdates, MAX_PAYLOAD_BYTES, type LiveUpdate } from './messages';

// The NOTIFY payload format: grouped per user, packed under PostgreSQL's 8000-byte limit, and
// read back to exactly the updates that went in (duplicates once).

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sorted = (updates: LiveUpdate[]) => updates.map((u) => JSON.stringify(u)).sort();

describe('live update payloads', () => {
  it('round-trips every kind of update, one payload for a small batch, duplicates once', () => {
    const updates: LiveUpdate[] = [
      { type: 'notification', userId: uuid(1), id: uuid(10) },
      { type: 'account', userId: uuid(1), reason: 'CONFIRMED', transactionId: uuid(20) },
      { type: 'account', userId: uuid(1), reason: 'CONFIRMED', transactionId: uuid(20) },
      { type: 'account', userId: uuid(2), reason: 'ADMIN_ADJUSTMENT', transactionId: null },
      { type: 'revoked', userId: uuid(3) },
    ];
    const payloads = encodeUpdates(updates);
    expect(payloads).toHaveLength(1);
    expect(sorted(payloads.flatMap(decodeUpdates))).toEqual(sorted([...updates.slice(0, 2), ...updates.slice(3)]));
  });

  it('splits hundreds of users, and one user with a thousand updates, into payloads under the limit', () => {
    const updates: LiveUpdate[] = [];
    for (let u = 0; u < 300; u += 1)
      updates.push({ type: 'account', userId: uuid(u), reason: 'SETTLED', transactionId: uuid(1000 + u) });
    for (let n = 0; n < 1000; n += 1) updates.push({ type: 'notification', userId: uuid(7), id: uuid(5000 + n) });
    const payloads = encodeUpdates(updates);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(payloads.length).toBeLessThan(20); // 1300 updates
    expect(sorted(payloads.flatMap(decodeUpdates))).toEqual(sorted(updates));
  });

  it('ignores malformed payloads instead of failing the listener', () => {
    for (const bad of ['', 'nope', '{"v":2,"u":{}}', '{"v":1,"u":[1]}', '{"v":1,"u":{"x":{"n":[1,{}],"a":[5,[1]]}}}'])
      expect(decodeUpdates(bad)).toEqual([]);
  });
});
