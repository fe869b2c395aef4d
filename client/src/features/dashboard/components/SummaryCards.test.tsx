import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import type { AccountQuery } from '../../../generated/graphql';
import { SummaryCards } from './SummaryCards';

const account = (lockedBonus: string) =>
  ({ balance: '100.00000', investment: '0', profit: '0', lockedBonus }) as unknown as AccountQuery['account'];
const caption = 'includes $100.00 bonus, unlocks with your first deposit';

describe('SummaryCards', () => {
  it('captions the Balance with a locked bonus', () => {
    renderWithProviders(<SummaryCards account={account('100.00000')} />);
    expect(screen.getByText(caption)).toBeTruthy();
  });

  it('shows no caption once the bonus is unlocked, or where the page explains it itself', () => {
    const { unmount } = renderWithProviders(<SummaryCards account={account('0.00000')} />);
    expect(screen.queryByText(/bonus/)).toBeNull();
    unmount();
    renderWithProviders(<SummaryCards account={account('100.00000')} bonusNote={false} />);
    expect(screen.queryByText(/bonus/)).toBeNull();
  });
});
