import { walletOptions } from './walletOptions';

describe('walletOptions', () => {
  it('lists only saved addresses, labelled by coin and the first 35 characters', () => {
    const long = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const options = walletOptions({ bitcoin: long, litecoin: '', ethereum: null, usdt: 'TQn9Y2khEsLJW1Ch' });
    expect(options).toEqual([
      { coin: 'bitcoin', address: long, label: `bitcoin – ${long.slice(0, 35)}` },
      { coin: 'usdt', address: 'TQn9Y2khEsLJW1Ch', label: 'usdt – TQn9Y2khEsLJW1Ch' },
    ]);
    expect(options[0].label).toHaveLength('bitcoin – '.length + 35);
  });

  it('is empty without an account', () => {
    expect(walletOptions(undefined)).toEqual([]);
  });
});
