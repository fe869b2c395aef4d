import { availableBreakdown, isWithinAvailable, overAvailableMessage } from './availableLimit';

describe('isWithinAvailable', () => {
  it('compares exactly against the Money string, cents and fifth decimals included', () => {
    expect(isWithinAvailable('100', '100.00000')).toBe(true);
    expect(isWithinAvailable('100.01', '100.00000')).toBe(false);
    expect(isWithinAvailable('100.00', '100.00001')).toBe(true);
    expect(isWithinAvailable('0.01', '0.00000')).toBe(false);
    expect(isWithinAvailable('123456789012.34', '123456789012.34000')).toBe(true);
  });

  it('leaves unreadable amounts to the format rule', () => {
    expect(isWithinAvailable('abc', '0')).toBe(true);
    expect(isWithinAvailable(undefined, '0')).toBe(true);
  });
});

describe('overAvailableMessage', () => {
  it('words the limit as the server does, with the bonus only while it is locked', () => {
    expect(overAvailableMessage('0.00000', '100.00000')).toBe(
      'The amount is more than your available balance ($0.00); your $100.00 bonus unlocks with your first deposit',
    );
    expect(overAvailableMessage('1234.5', '0.00000')).toBe(
      'The amount is more than your available balance ($1,234.50)',
    );
  });
});

describe('availableBreakdown', () => {
  it('shows how pending withdrawals and a locked bonus come off the balance', () => {
    expect(availableBreakdown('140.00000', '100.00000', '0.00000')).toBe(
      'Balance $140.00 \u2212 $40.00 pending withdrawals \u2212 $100.00 locked bonus',
    );
    expect(availableBreakdown('1250.50000', '0.00000', '1200.25000')).toBe(
      'Balance $1,250.50 \u2212 $50.25 pending withdrawals',
    );
    expect(availableBreakdown('100.00000', '100.00000', '0.00000')).toBe('Balance $100.00 \u2212 $100.00 locked bonus');
  });

  it('says nothing when the whole balance is available', () => {
    expect(availableBreakdown('60.00000', '0.00000', '60.00000')).toBeUndefined();
  });
});
