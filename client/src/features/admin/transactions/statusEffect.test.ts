import { statusEffect } from './statusEffect';

const deposit = { trxType: 'DEPOSIT', amount: '12000.00', crypto: 'bitcoin', status: 'PENDING', owner: 'Ada Lovelace' };
const withdrawal = {
  trxType: 'WITHDRAWAL',
  amount: '500.50',
  crypto: 'usdt',
  status: 'PENDING',
  owner: 'Ada Lovelace',
};

describe('statusEffect', () => {
  it('states what confirming and un-confirming a deposit does to the money', () => {
    expect(statusEffect(deposit, 'CONFIRMED')).toBe(
      "This credits $12,000.00 to Ada Lovelace's investment and Bitcoin balance.",
    );
    expect(statusEffect({ ...deposit, status: 'CONFIRMED' }, 'DECLINED')).toBe(
      "This takes $12,000.00 back from Ada Lovelace's investment and Bitcoin balance.",
    );
    expect(statusEffect({ ...deposit, crypto: 'dogecoin', owner: null }, 'CONFIRMED')).toBe(
      "This credits $12,000.00 to the investor's investment.",
    );
  });

  it('states what confirming and un-confirming a withdrawal does to the balance', () => {
    expect(statusEffect(withdrawal, 'CONFIRMED')).toBe("This debits $500.50 from Ada Lovelace's balance.");
    expect(statusEffect({ ...withdrawal, status: 'CONFIRMED' }, 'PENDING')).toBe(
      "This returns $500.50 to Ada Lovelace's balance.",
    );
  });

  it('is null when no money moves', () => {
    expect(statusEffect(deposit, 'DECLINED')).toBeNull();
    expect(statusEffect({ ...withdrawal, status: 'DECLINED' }, 'PENDING')).toBeNull();
  });
});
