import { NotifiedMap } from './notified-map';

/** A map over a counting loader; `willGive` decides what the following loads give. */
function countingMap(capacity = 100) {
  const loads: string[] = [];
  let next: (key: string) => Promise<string> = async (key) => `${key}@${loads.length}`;
  const map = new NotifiedMap(
    'test_channel',
    (key) => {
      loads.push(key);
      return next(key);
    },
    capacity,
  );
  return {
    map,
    loads,
    willGive(f: (key: string) => Promise<string>) {
      next = f;
    },
  };
}

describe('NotifiedMap', () => {
  it('reads through while not listening, keeping nothing', async () => {
    const { map, loads } = countingMap();
    await map.get('a');
    await map.get('a');
    expect(loads).toEqual(['a', 'a']);
    expect(map.size).toBe(0);
  });

  it('reads each key once while listening, and again after a change to that key only', async () => {
    const { map, loads } = countingMap();
    map.listening();
    expect(await map.get('a')).toBe('a@1');
    expect(await map.get('b')).toBe('b@2');
    expect(await map.get('a')).toBe('a@1');
    expect(loads).toEqual(['a', 'b']);

    map.changed('a');
    expect(await map.get('a')).toBe('a@3');
    expect(await map.get('b')).toBe('b@2');
    expect(loads).toEqual(['a', 'b', 'a']);
  });

  it('drops every key on an empty payload (a TRUNCATE), on loss, and on listening again', async () => {
    const { map, loads } = countingMap();
    map.listening();
    await map.get('a');
    await map.get('b');
    map.changed('');
    expect(map.size).toBe(0);
    await map.get('a');
    map.lost();
    expect(map.size).toBe(0);
    await map.get('a');
    expect(map.size).toBe(0);
    map.listening();
    await map.get('a');
    expect(loads).toEqual(['a', 'b', 'a', 'a', 'a']);
  });

  it('never keeps a read that was in flight when its key changed', async () => {
    const { map, loads, willGive } = countingMap();
    map.listening();
    let finish: (v: string) => void = () => undefined;
    willGive(() => new Promise((resolve) => (finish = resolve)));
    const stale = map.get('a');
    map.changed('a'); // the row changed while the old read was on its way
    willGive(async () => 'fresh');
    expect(await map.get('a')).toBe('fresh');
    finish('old');
    expect(await stale).toBe('old');
    expect(await map.get('a')).toBe('fresh');
    expect(loads).toEqual(['a', 'a']);
  });

  it('does not keep a failed read', async () => {
    const { map, loads, willGive } = countingMap();
    map.listening();
    willGive(async () => {
      throw new Error('database down');
    });
    await expect(map.get('a')).rejects.toThrow('database down');
    willGive(async () => 'back');
    expect(await map.get('a')).toBe('back');
    expect(loads).toEqual(['a', 'a']);
  });

  it('keeps at most `capacity` keys, dropping the least recently used', async () => {
    const { map, loads } = countingMap(2);
    map.listening();
    await map.get('a');
    await map.get('b');
    await map.get('a'); // a is now the most recent
    await map.get('c'); // b goes
    expect(map.size).toBe(2);
    await map.get('a');
    await map.get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
