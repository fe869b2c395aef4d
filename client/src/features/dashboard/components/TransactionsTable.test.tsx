import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import { MyTransactionsDocument } from '../../../generated/graphql';
import { TransactionsTable } from './TransactionsTable';

const item = (id: string, extra: object) => ({
  __typename: 'Transaction',
  id,
  createdAt: '2026-01-02T10:00:00.000Z',
  trxType: 'DEPOSIT',
  amount: '1500.50',
  crypto: 'bitcoin',
  plan: 'Starter',
  expectedProfit: '150.05',
  status: 'PENDING',
  imageUrl: null,
  transactionId: '0xabcdef12',
  wallet: null,
  origin: 'INVESTOR',
  cryptoAmount: null,
  chainHold: null,
  chainCheck: null,
  ...extra,
});

const mock = {
  request: { query: MyTransactionsDocument, variables: { page: 1, pageSize: 4 } },
  result: {
    data: {
      myTransactions: {
        __typename: 'TransactionPage',
        page: 1,
        pageSize: 4,
        total: 6,
        items: [
          item('t1', { imageUrl: 'https://files.example/proof.png' }),
          item('t2', { trxType: 'WITHDRAWAL', plan: null, expectedProfit: null, wallet: 'bc1qxy2kgdygjrsqtzq2n0' }),
        ],
      },
    },
  },
};

describe('TransactionsTable', () => {
  it('renders headed columns, money, em dashes, the proof link and pagination', async () => {
    renderWithProviders(<TransactionsTable pageSize={4} />, { mocks: [mock] });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Crypto', 'Plan', 'Expected profit', 'Status', 'Proof', 'Details']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('$1,500.50')).toBeTruthy();
    const proof = within(first).getByRole('link', { name: /view/ });
    expect(proof.getAttribute('href')).toBe('https://files.example/proof.png');
    expect(proof.getAttribute('target')).toBe('_blank');
    expect(proof.getAttribute('rel')).toContain('noopener');
    expect(within(second).getAllByText('\u2014')).toHaveLength(3); // plan, expected profit, proof
    const timeline = within(first).getByRole('link', { name: /^Timeline of the deposit of \$1,500\.50 on / });
    expect(timeline.getAttribute('href')).toBe('/dashboard/transactions/t1');
    expect(screen.getByText('Showing 1–2 of 6 results')).toBeTruthy();
  });
});

it('links to every transaction from the overview instead of paging', async () => {
  renderWithProviders(<TransactionsTable pageSize={4} seeAll />, { mocks: [mock] });
  const seeAll = await screen.findByRole('link', { name: 'See all' });
  expect(seeAll.getAttribute('href')).toBe('/dashboard/transactions');
  expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
});
