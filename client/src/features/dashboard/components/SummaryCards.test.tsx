import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import type { AccountQuery } from '../../../generated/graphql';
import { SummaryCards } from './SummaryCards';

const account = (lockedBonus: string, available = '0.00000', balance = '100.00000') =>
  ({ balance, available, investment: '0', profit: '0', lockedBonus }) as unknown as AccountQuery['account'];
const caption = 'includes $100.00 bonus, unlocks with your first deposit';

describe('SummaryCards', () => {
  it('captions the Balance with a locked bonus', () => {
    renderWithProviders(<SummaryCards account={account('100.00000')} />);
    expect(screen.getByText(caption)).toBeTruthy();
  });

  it('shows no caption once the bonus is unlocked', () => {
    renderWithProviders(<SummaryCards account={account('0.00000', '100.00000')} />);
    expect(screen.queryByText(/bonus/)).toBeNull();
  });

  it('leads with Available instead of the bare balance, and says what it leaves out', () => {
    renderWithProviders(<SummaryCards account={account('100.00000', '0.00000', '140.00000')} available />);
    expect(screen.queryByRole('heading', { name: 'Balance' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Available' }).nextElementSibling?.textContent).toBe('$0.00');
    expect(
      screen.getByText('Balance $140.00 \u2212 $40.00 pending withdrawals \u2212 $100.00 locked bonus'),
    ).toBeTruthy();
  });
});
