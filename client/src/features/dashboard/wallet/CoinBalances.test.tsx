import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import type { AccountQuery } from '../../../generated/graphql';
import { CoinBalances } from './CoinBalances';

const account = {
  bitcoin: '12000.00000',
  ethereum: '0.00000',
  usdt: '250.50000',
  bnb: '33000.50000',
  litecoin: '75.00000',
  balance: '1457.40000',
} as unknown as AccountQuery['account'];

describe('CoinBalances', () => {
  it('shows every coin the account holds with its real amount, named as people write them', () => {
    renderWithProviders(<CoinBalances account={account} />);
    const cards = within(screen.getByRole('region', { name: 'Coin balances' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Bitcoin$12,000.00',
      'Ethereum$0.00',
      'USDT$250.50',
      'BNB$33,000.50',
      'Litecoin$75.00',
    ]);
  });

  it('says what the figures count: dollars of running plans by coin, the balance kept apart (issue 38)', () => {
    renderWithProviders(<CoinBalances account={account} />);
    const region = screen.getByRole('region', { name: 'Coin balances' });
    expect(region.querySelector('p')?.textContent).toBe(
      'What is invested in your running plans, by the coin you paid with. Your balance of $1,457.40 (matured plans, profit and bonus) is kept in dollars, not split by coin.',
    );
  });
});
