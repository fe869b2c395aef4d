import { MAX_ACCOUNT_AMOUNT, MAX_TRANSACTION_AMOUNT } from '../constants';
import { MSG } from '../messages';
import { accountAdjustmentSchema, amountRule, decimalAtMost, depositSchema } from './account';

/** The first message the rule gives for `value`, or null when it passes. */
function messageOf(rule: { validateSync(v: unknown): unknown }, value: unknown): string | null {
  try {
    rule.validateSync(value);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('decimalAtMost', () => {
  it.each([
    ['1000000000', '1000000000', true],
    ['1000000000.00', '1000000000', true],
    ['1000000000.01', '1000000000', false],
    ['999999999.99', '1000000000', true],
    ['0001000000000', '1000000000', true],
    ['10000000000', '1000000000', false],
    ['999999999999.99999', '999999999999.99999', true],
    ['999999999999.999991', '999999999999.99999', false],
    ['0', '0', true],
  ])('%s <= %s is %s', (text, max, expected) => {
    expect(decimalAtMost(text, max)).toBe(expected);
  });
});

describe('amountRule caps deposits and withdrawals', () => {
  const rule = amountRule(2, MSG.amountTooSmall);
  it('accepts up to the cap and refuses above it as "amount is too large"', () => {
    expect(messageOf(rule, MAX_TRANSACTION_AMOUNT)).toBeNull();
    expect(messageOf(rule, '1000000000.01')).toBe(MSG.amountTooLarge);
    expect(messageOf(rule, '999999999999999999.99')).toBe(MSG.amountTooLarge);
  });
  it('keeps the format message for text that is not an amount', () => {
    expect(messageOf(rule, '1e18')).toBe(MSG.amountTooSmall);
    expect(messageOf(rule, '0')).toBe(MSG.amountTooSmall);
  });
  it('applies to the deposit schema', () => {
    const deposit = {
      planId: '4b0c7f0e-2f5d-4b1a-9a57-6c0a3f1d2e11',
      crypto: 'bitcoin',
      amount: '1000000000000000000',
      transactionId: '0xabcdef0123',
    };
    expect(messageOf(depositSchema, deposit)).toBe(MSG.amountTooLarge);
  });
});

describe('accountAdjustmentSchema (admin account edit)', () => {
  it('accepts `$`, commas and 5 decimals up to MAX_ACCOUNT_AMOUNT', () => {
    expect(accountAdjustmentSchema.validateSync({ balance: '$1,234.56789', usdt: null })).toMatchObject({
      balance: '1234.56789',
      usdt: null,
    });
    expect(messageOf(accountAdjustmentSchema, { profit: MAX_ACCOUNT_AMOUNT })).toBeNull();
  });
  it('refuses malformed amounts and ones the column cannot hold', () => {
    for (const value of ['-5', '1.123456', 'abc', ''])
      expect(messageOf(accountAdjustmentSchema, { usdt: value })).toBe(MSG.accountAmountInvalid);
    for (const value of ['1000000000000', '1000000000000000', '$99,999,999,999,999,999'])
      expect(messageOf(accountAdjustmentSchema, { usdt: value })).toBe(MSG.amountTooLarge);
  });
});
