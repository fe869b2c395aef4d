import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen } from '@testing-library/react';
import { CoinsDocument } from '../../../generated/graphql';
import { RateChart } from './RateChart';

const coin = {
  __typename: 'CoinPrice',
  name: 'bitcoin',
  symbol: 'BTC',
  priceUsd: '65000.12',
  change24hPercent: '-1.25',
  sparkline: ['60000', '62000', '65000.12'],
};
const market = (status: string, coins: object[], updatedAt: string | null = '2026-01-02T10:00:00.000Z') => ({
  request: { query: CoinsDocument, variables: { exchange: 'TW' } },
  result: { data: { coins: { __typename: 'CoinMarket', status, updatedAt, coins } } },
});

describe('RateChart', () => {
  it('draws a labelled sparkline per coin inside a headed table', async () => {
    renderWithProviders(<RateChart exchange="TW" />, { mocks: [market('LIVE', [coin])] });
    expect(await screen.findByRole('table', { name: 'Coin prices over 7 days' })).toBeTruthy();
    expect(screen.getByText('$65,000.12')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'bitcoin over 7 days: from $60,000.00 to $65,000.12' })).toBeTruthy();
    expect(screen.queryByText(/prices as of/)).toBeNull();
  });

  it('says when prices are stale or unavailable', async () => {
    const { unmount } = renderWithProviders(<RateChart exchange="TW" />, { mocks: [market('STALE', [coin])] });
    expect(await screen.findByText(/prices as of/)).toBeTruthy();
    unmount();
    renderWithProviders(<RateChart exchange="TW" />, { mocks: [market('UNAVAILABLE', [], null)] });
    expect(await screen.findByText('Prices are unavailable right now')).toBeTruthy();
  });

  it("toasts 'something went wrong' when the coin data fails", async () => {
    renderWithProviders(<RateChart exchange="TW" />, {
      mocks: [{ request: { query: CoinsDocument, variables: { exchange: 'TW' } }, error: new Error('down') }],
    });
    expect(await screen.findByText('something went wrong')).toBeTruthy();
  });
});
