import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminTransactionsDocument } from '../../../generated/graphql';
import { AdminTransactionsPage } from './AdminTransactionsPage';

const transaction = (id: string, extra: object = {}) => ({
  __typename: 'Transaction',
  id,
  trxType: 'DEPOSIT',
  status: 'PENDING',
  amount: '12000.00',
  crypto: 'bnb',
  plan: 'Gold',
  imageUrl: null,
  wallet: null,
  transactionId: '0x9f2c4b7e1d3a5c6b8e0f2a4c6e8b0d2f4a6c8e0b',
  createdAt: '2026-11-22T14:05:00.000Z',
  origin: 'CHAIN',
  cryptoAmount: '0.2',
  chainHold: null,
  payoutFee: null,
  chainCheck: {
    __typename: 'ChainCheck',
    result: 'WRONG_ADDRESS',
    confirmations: 12,
    coinAmount: '0.2',
    address: 'bnb1someoneelse',
    checkedAt: '2026-11-22T14:10:00.000Z',
  },
  user: { __typename: 'User', id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com' },
  ...extra,
});
const page = (variables: object, items: object[]) => ({
  request: { query: AdminTransactionsDocument, variables },
  result: {
    data: { adminTransactions: { __typename: 'TransactionPage', page: 1, pageSize: 20, total: items.length, items } },
  },
});

describe('AdminTransactionsPage', () => {
  it('shows the date, the copyable blockchain id and the chain check, and sorts and filters on the server', async () => {
    renderWithProviders(<AdminTransactionsPage />, {
      mocks: [
        page({ page: 1, pageSize: 20 }, [transaction('t1')]),
        page({ page: 1, pageSize: 20, sortBy: 'AMOUNT', sortDirection: 'DESC' }, [transaction('t1')]),
        page({ page: 1, pageSize: 20, sortBy: 'AMOUNT', sortDirection: 'DESC', status: 'DECLINED' }, [
          transaction('t2', { status: 'DECLINED', amount: '150.00' }),
        ]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const row = within(table).getAllByRole('row')[1];
    const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-22T14:05:00.000Z'),
    );
    expect(within(row).getByText(when)).toBeTruthy();
    expect(within(row).getByText('0x9f2c4b7e1d3a5c6b8e\u2026')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy transaction id' })).toBeTruthy();
    expect(within(row).getByText('BNB')).toBeTruthy();
    // What the chain says about it, in words, and that the chain watcher found it.
    expect(screen.getByRole('columnheader', { name: 'Chain' })).toBeTruthy();
    expect(within(row).getByText('Wrong address')).toBeTruthy();
    expect(within(row).getByText('Found on chain')).toBeTruthy();

    const amountHeader = () => screen.getByRole('columnheader', { name: 'Amount' });
    fireEvent.click(within(amountHeader()).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(amountHeader().getAttribute('aria-sort')).toBe('descending'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'DECLINED' }));
    expect(await screen.findByText('$150.00')).toBeTruthy();
  });
});
