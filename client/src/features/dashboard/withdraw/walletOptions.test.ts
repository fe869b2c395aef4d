import { walletOptions } from './walletOptions';

const long = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const now = Date.parse('2026-11-22T12:00:00Z');

describe('walletOptions', () => {
  it('lists only saved addresses in coin order, labelled by coin and the first 35 characters', () => {
    const options = walletOptions(
      [
        { coin: 'usdt', address: 'TQn9Y2khEsLJW1Ch', usableFrom: null },
        { coin: 'bitcoin', address: long, usableFrom: null },
        { coin: 'litecoin', address: '  ', usableFrom: null },
      ],
      now,
    );
    expect(options).toEqual([
      { coin: 'bitcoin', address: long, label: `Bitcoin – ${long.slice(0, 35)}`, usableFrom: null },
      { coin: 'usdt', address: 'TQn9Y2khEsLJW1Ch', label: 'USDT – TQn9Y2khEsLJW1Ch', usableFrom: null },
    ]);
    expect(options[0].label).toHaveLength('Bitcoin – '.length + 35);
  });

  it('keeps the cool-down end of a new address only while it is still ahead', () => {
    const options = walletOptions(
      [
        { coin: 'bitcoin', address: long, usableFrom: '2026-11-23T12:00:00.000Z' },
        { coin: 'usdt', address: 'TQn9Y2khEsLJW1Ch', usableFrom: '2026-11-22T11:59:00.000Z' },
      ],
      now,
    );
    expect(options.map((o) => o.usableFrom)).toEqual(['2026-11-23T12:00:00.000Z', null]);
  });

  it('is empty without an account', () => {
    expect(walletOptions(undefined)).toEqual([]);
  });
});
