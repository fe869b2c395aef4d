import { open, seal, sealedUnderOldKey, sealingKeyId } from './secret-box';

const K1 = Buffer.alloc(32, 1);
const K2 = Buffer.alloc(32, 2);

describe('secret box', () => {
  it('names the sealing key, so a rotation opens old values with the previous key', () => {
    const sealed = seal(K1, 'otp secret', 'user-1');
    expect(sealed.split('.').slice(0, 2)).toEqual(['v2', sealingKeyId(K1)]);
    expect(open({ current: K2, previous: [K1] }, sealed, 'user-1')).toBe('otp secret');
    expect(() => open({ current: K2, previous: [] }, sealed, 'user-1')).toThrow(/not configured/);
    expect(() => open(K1, sealed, 'user-2')).toThrow(); // bound to its context
  });

  it('opens values sealed before key ids (v1) with whichever configured key fits', () => {
    const legacy = ['v1', ...seal(K1, 'webhook secret', 'ctx').split('.').slice(2)].join('.');
    expect(open({ current: K2, previous: [K1] }, legacy, 'ctx')).toBe('webhook secret');
    expect(() => open({ current: K2, previous: [] }, legacy, 'ctx')).toThrow(/any configured key/);
  });

  it('tells which values a re-seal pass must rewrite', () => {
    const keys = { current: K2, previous: [K1] };
    expect(sealedUnderOldKey(keys, seal(K1, 's', 'c'))).toBe(true);
    expect(sealedUnderOldKey(keys, seal(keys, 's', 'c'))).toBe(false);
    expect(sealingKeyId(K1)).not.toBe(sealingKeyId(K2));
  });
});
