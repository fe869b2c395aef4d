import { MAX_ACCOUNT_AMOUNT, MAX_TRANSACTION_AMOUNT } from '../constants';
import { MSG } from '../messages';
import { withdrawalMinMessage } from '../i18n/message-templates';
import {
  accountAdjustmentSchema,
  amountRule,
  decimalAtMost,
  depositSchema,
  withdrawalAmountRule,
  withdrawalSchema,
} from './account';

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
    for (const value of ['1.123456', 'abc', '', '-', '-0'])
      expect(messageOf(accountAdjustmentSchema, { usdt: value })).toBe(MSG.accountAmountInvalid);
    for (const value of ['1000000000000', '1000000000000000', '$99,999,999,999,999,999'])
      expect(messageOf(accountAdjustmentSchema, { usdt: value })).toBe(MSG.amountTooLarge);
  });
});

describe('accountAdjustmentSchema says what is wrong with a negative amount (issue 14)', () => {
  it.each(['-5', '-0.01', '$-1,000', '-1.123456'])('%s: must not be negative', (value) => {
    expect(messageOf(accountAdjustmentSchema, { balance: value })).toBe(MSG.amountNegative);
  });
});

describe('withdrawalAmountRule (numeric rules instead of "at least 3 characters", issue 14)', () => {
  const rule = withdrawalAmountRule('10');
  it.each([
    ['40', null],
    ['10', null],
    ['10.00', null],
    ['9.5', withdrawalMinMessage('$10.00')],
    ['9.99', withdrawalMinMessage('$10.00')],
    ['1', withdrawalMinMessage('$10.00')],
    ['150.75', null],
    ['40.505', MSG.amountTwoDecimals],
    ['0', MSG.amountNotPositive],
    ['0.00', MSG.amountNotPositive],
    ['-40', MSG.amountNotPositive],
    ['abc', MSG.amountNotNumber],
    ['1e3', MSG.amountNotNumber],
    ['4O', MSG.amountNotNumber],
    ['', MSG.enterAmount],
    ['   ', MSG.enterAmount],
    ['1000000000', null],
    ['1000000000.01', MSG.amountTooLarge],
  ])('%s -> %s', (value, message) => {
    expect(messageOf(rule, value)).toBe(message);
  });
  it('takes numbers as legacy clients send them, and the operator minimum', () => {
    expect(messageOf(rule, 40)).toBeNull();
    expect(messageOf(rule, 9.5)).toBe(withdrawalMinMessage('$10.00'));
    expect(messageOf(withdrawalAmountRule('2.5'), '2.49')).toBe(withdrawalMinMessage('$2.50'));
    expect(messageOf(withdrawalAmountRule('0'), '0.01')).toBeNull();
    expect(messageOf(withdrawalAmountRule('1000'), '999.99')).toBe(withdrawalMinMessage('$1,000.00'));
  });
  it('is the schema of a withdrawal request', () => {
    const request = { crypto: 'usdt', wallet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
    expect(messageOf(withdrawalSchema('10'), { ...request, amount: '9.50' })).toBe(withdrawalMinMessage('$10.00'));
    expect(messageOf(withdrawalSchema(), { ...request, amount: '40' })).toBeNull();
  });
});
