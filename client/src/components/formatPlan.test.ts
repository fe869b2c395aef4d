import { formatPlanDuration, formatPlanProfit, formatPlanRange } from './formatPlan';

describe('plan formatting', () => {
  it('formats bounded and open-ended ranges from exact decimal strings', () => {
    expect(formatPlanRange('150.00', '4999.00')).toBe('$150 – $4,999');
    expect(formatPlanRange('30000', null)).toBe('$30,000+');
    expect(formatPlanRange('0.10', '1000000.50')).toBe('$0.1 – $1,000,000.5');
  });

  it('formats profit and duration', () => {
    expect(formatPlanProfit('10.00')).toBe('10% profit');
    expect(formatPlanProfit('12.50')).toBe('12.5% profit');
    expect(formatPlanDuration(24)).toBe('24 hrs');
    expect(formatPlanDuration(1)).toBe('1 hr');
  });
});
