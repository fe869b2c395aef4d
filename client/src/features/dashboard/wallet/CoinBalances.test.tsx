import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import type { AccountQuery } from '../../../generated/graphql';
import { SummaryCards } from '../components/SummaryCards';
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

describe('the balances in German (issue 39)', () => {
  /** Intl's no-break spaces ("1.500,50 $") as plain ones. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
  /** $1,334.50 of balance, $100 of it a locked bonus; $12,000 running in bitcoin. */
  const german = {
    ...account,
    balance: '1334.50000',
    available: '1234.50000',
    investment: '12000.00000',
    profit: '0.50000',
    lockedBonus: '100.00000',
  } as unknown as AccountQuery['account'];

  it('German: the summary cards and the coin balances, in German money', () => {
    renderWithProviders(
      <>
        <SummaryCards account={german} withLinks />
        <CoinBalances account={german} />
      </>,
      { locale: 'de' },
    );
    expect(plain(screen.getByRole('heading', { name: 'Kontostand' }).nextElementSibling?.textContent)).toBe(
      '1.334,50 $',
    );
    expect(plain(screen.getByText(/^enthält/).textContent)).toBe(
      'enthält 100,00 $ Bonus, freigeschaltet mit deiner ersten Einzahlung',
    );
    expect(screen.getByRole('link', { name: 'jetzt investieren' })).toBeTruthy();
    const coins = within(screen.getByRole('region', { name: 'Guthaben je Coin' })).getAllByRole('listitem');
    expect(plain(coins[0].textContent)).toBe('Bitcoin12.000,00 $');
    expect(plain(screen.getByText(/^Was in deinen laufenden Tarifen/).textContent)).toContain(
      'Dein Guthaben von 1.334,50 $',
    );
  });
});
