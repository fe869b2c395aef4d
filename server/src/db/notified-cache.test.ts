import { NotifiedCache } from './notified-cache';

/** A cache over a counting loader; `next` decides what the following load gives. */
function countingCache() {
  let loads = 0;
  let next: () => Promise<string> = async () => `v${loads}`;
  const cache = new NotifiedCache('test_channel', () => {
    loads += 1;
    return next();
  });
  return {
    cache,
    loads: () => loads,
    willGive(f: () => Promise<string>) {
      next = f;
    },
  };
}

describe('NotifiedCache', () => {
  it('reads through while not listening, and keeps nothing built on it (no version)', async () => {
    const { cache, loads } = countingCache();
    await cache.get();
    await cache.get();
    expect(loads()).toBe(2);
    expect(cache.version).toBeNull();
  });

  it('reads once while listening, and again after each change it hears', async () => {
    const { cache, loads } = countingCache();
    cache.listening();
    const version = cache.version;
    expect(await cache.get()).toBe('v1');
    expect(await cache.get()).toBe('v1');
    expect(loads()).toBe(1);
    expect(cache.version).toBe(version);

    cache.changed();
    expect(cache.version).not.toBe(version);
    expect(await cache.get()).toBe('v2');
    expect(await cache.get()).toBe('v2');
    expect(loads()).toBe(2);
  });

  it('drops its copy and reads through once the LISTEN is lost, until it is back', async () => {
    const { cache, loads } = countingCache();
    cache.listening();
    await cache.get();
    cache.lost();
    expect(cache.version).toBeNull();
    expect(await cache.get()).toBe('v2');
    expect(await cache.get()).toBe('v3');
    cache.listening(); // anything changed meanwhile went unheard: read again, then keep
    expect(cache.version).not.toBeNull();
    expect(await cache.get()).toBe('v4');
    expect(await cache.get()).toBe('v4');
    expect(loads()).toBe(4);
  });

  it('does not serve a read begun before a change to a caller asking after it', async () => {
    const { cache, willGive } = countingCache();
    cache.listening();
    let finish: (v: string) => void = () => undefined;
    willGive(() => new Promise((resolve) => (finish = resolve)));
    const before = cache.get();
    cache.changed();
    willGive(async () => 'after the change');
    expect(await cache.get()).toBe('after the change');
    finish('before the change');
    expect(await before).toBe('before the change');
    expect(await cache.get()).toBe('after the change'); // the older read did not take its place
  });

  it('keeps no failed read, and an old failure does not evict a newer copy', async () => {
    const { cache, loads, willGive } = countingCache();
    cache.listening();
    let fail: (e: Error) => void = () => undefined;
    willGive(() => new Promise((_resolve, reject) => (fail = reject)));
    const failing = cache.get();
    fail(new Error('database unavailable'));
    await expect(failing).rejects.toThrow('database unavailable');
    willGive(async () => 'fresh');
    expect(await cache.get()).toBe('fresh');

    willGive(() => new Promise((_resolve, reject) => (fail = reject)));
    cache.changed();
    const old = cache.get();
    cache.changed();
    willGive(async () => 'newer');
    expect(await cache.get()).toBe('newer');
    fail(new Error('late failure'));
    await expect(old).rejects.toThrow('late failure');
    const count = loads();
    expect(await cache.get()).toBe('newer');
    expect(loads()).toBe(count);
  });
});
