import {
  type PlanRange,
  INVEST_AMOUNT_MSG,
  investAmountRule,
  investAmountText,
  planRangeMessage,
} from './investAmount';

const starter = { name: 'Starter', minAmount: '150.00000', maxAmount: '4999.00000' };
const platinum = { name: 'Platinum', minAmount: '30000', maxAmount: null };

/** The one message the rule gives `amount`, or null when it accepts it. */
function messageFor(amount: string, plan: PlanRange | undefined = starter, noPlan = false): string | null {
  try {
    investAmountRule(noPlan ? undefined : plan).validateSync(amount);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('invest amount', () => {
  it('words the plan range with formatted money', () => {
    expect(planRangeMessage(starter)).toBe('The Starter plan takes deposits between $150.00 and $4,999.00');
    expect(planRangeMessage(platinum)).toBe('The Platinum plan takes deposits of at least $30,000.00');
  });

  it('tells a typo, cents and an amount outside the plan apart', () => {
    expect(messageFor('abc')).toBe(INVEST_AMOUNT_MSG.notANumber);
    expect(messageFor('-5')).toBe(INVEST_AMOUNT_MSG.notANumber);
    expect(messageFor('150.75')).toBe(INVEST_AMOUNT_MSG.wholeDollars);
    expect(messageFor('100')).toBe('The Starter plan takes deposits between $150.00 and $4,999.00');
    expect(messageFor('5000')).toBe('The Starter plan takes deposits between $150.00 and $4,999.00');
    expect(messageFor('')).toBe(INVEST_AMOUNT_MSG.required);
    expect(messageFor('29999', platinum)).toBe('The Platinum plan takes deposits of at least $30,000.00');
    expect(messageFor('2000000000', platinum)).toBe('amount is too large');
  });

  it('accepts the range ends, $ and commas, and a zero fraction', () => {
    for (const ok of ['150', '4999', '$1,500', ' 4,999.00 ', '0150']) expect(messageFor(ok)).toBeNull();
    expect(messageFor('30000', platinum)).toBeNull();
    expect(investAmountText('$1,500.00')).toBe('1500');
    expect(investAmountText('0150')).toBe('150');
  });

  it('checks only the format and a positive amount while no plan is chosen', () => {
    expect(messageFor('20', undefined, true)).toBeNull();
    expect(messageFor('0', undefined, true)).toBe('amount is too small');
    expect(messageFor('1.5', undefined, true)).toBe(INVEST_AMOUNT_MSG.wholeDollars);
  });
});
