import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { MyTransactionsDocument } from '../../../generated/graphql';
import { TransactionsPage } from '../pages/TransactionsPage';
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

/** The answer to myTransactions with these variables. */
const answer = (variables: object, items: object[], total = items.length) => ({
  request: { query: MyTransactionsDocument, variables },
  result: {
    data: {
      myTransactions: { __typename: 'TransactionPage', page: 1, pageSize: 4, total, items },
    },
  },
});

const mock = answer(
  { page: 1, pageSize: 4 },
  [
    item('t1', { imageUrl: 'https://files.example/proof.png' }),
    item('t2', { trxType: 'WITHDRAWAL', plan: null, expectedProfit: null, wallet: 'bc1qxy2kgdygjrsqtzq2n0' }),
  ],
  6,
);

/** The router's current URL (LocationProbe). */
const location = () => screen.getByTestId('location').textContent;

describe('TransactionsTable', () => {
  it('renders headed columns, money, em dashes, the proof link and pagination', async () => {
    renderWithProviders(<TransactionsTable pageSize={4} />, { mocks: [mock] });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Coin', 'Plan', 'Expected profit', 'Status', 'Txid', 'Proof']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByText('$1,500.50')).toBeTruthy();
    expect(within(first).getByText('0xabcdef12')).toBeTruthy();
    const proof = within(first).getByRole('link', { name: /view/ });
    expect(proof.getAttribute('href')).toBe('https://files.example/proof.png');
    expect(proof.getAttribute('target')).toBe('_blank');
    expect(proof.getAttribute('rel')).toContain('noopener');
    expect(within(second).getAllByText('\u2014')).toHaveLength(3); // plan, expected profit, proof
    // The date is the row's real link to its timeline, named after the transaction.
    const timeline = within(first).getByRole('link', { name: /: timeline of the deposit of \$1,500\.50$/ });
    expect(timeline.getAttribute('href')).toBe('/dashboard/transactions/t1');
    expect(screen.getByText('Showing 1–2 of 6 results')).toBeTruthy();
  });

  it("opens a transaction's timeline from anywhere on its row, by click and by Enter", async () => {
    renderWithProviders(<TransactionsTable pageSize={4} />, { mocks: [mock], route: '/dashboard/transactions' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first.getAttribute('tabindex')).toBe('0');
    fireEvent.click(within(first).getByText('$1,500.50'));
    expect(location()).toBe('/dashboard/transactions/t1');
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(location()).toBe('/dashboard/transactions/t2');
    // The proof link does its own thing: no timeline.
    fireEvent.keyDown(second, { key: ' ' });
    expect(location()).toBe('/dashboard/transactions/t2');
  });

  it('links to every transaction from the overview instead of paging', async () => {
    renderWithProviders(<TransactionsTable pageSize={4} seeAll />, { mocks: [mock] });
    const seeAll = await screen.findByRole('link', { name: 'See all' });
    expect(seeAll.getAttribute('href')).toBe('/dashboard/transactions');
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('invites a new investor to the first deposit', async () => {
    renderWithProviders(<TransactionsTable pageSize={4} />, { mocks: [answer({ page: 1, pageSize: 4 }, [])] });
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
    const invite = screen.getByRole('link', { name: 'Make your first deposit' });
    expect(invite.getAttribute('href')).toBe('/dashboard/invest');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when no transaction matches the filters and offers to clear them', async () => {
    const onClear = jest.fn();
    renderWithProviders(<TransactionsTable pageSize={4} filters={{ status: 'DECLINED' }} onClearFilters={onClear} />, {
      mocks: [answer({ page: 1, pageSize: 4, status: 'DECLINED' }, [])],
    });
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Make your first deposit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});

describe('TransactionsPage filters', () => {
  const page = (route: string, mocks: object[]) =>
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/transactions" element={<TransactionsPage />} />
      </Routes>,
      { mocks: mocks as never, route },
    );

  it('reads the filters from the URL (dropping what the server would refuse) and sends them to the server', async () => {
    page('/dashboard/transactions?status=CONFIRMED&txid=0xabc&crypto=dogecoin&from=2026-13-45', [
      answer({ page: 1, pageSize: 8, status: 'CONFIRMED', txid: '0xabc' }, [item('c1', { status: 'CONFIRMED' })]),
    ]);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect((screen.getByRole('textbox', { name: 'Transaction id' }) as HTMLInputElement).value).toBe('0xabc');
  });

  it('keeps each change in the URL, searches a txid on Enter and clears everything at once', async () => {
    page('/dashboard/transactions', [
      answer({ page: 1, pageSize: 8 }, [item('a1', {})]),
      answer({ page: 1, pageSize: 8, trxType: 'WITHDRAWAL' }, [item('w1', { trxType: 'WITHDRAWAL' })]),
      answer({ page: 1, pageSize: 8, trxType: 'WITHDRAWAL', txid: 'ffee' }, []),
      answer({ page: 1, pageSize: 8 }, [item('a1', {})]),
    ]);
    await screen.findByRole('table', { name: 'Transactions' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Withdrawal' }));
    expect(location()).toBe('/dashboard/transactions?trxType=WITHDRAWAL');

    const txid = screen.getByRole('textbox', { name: 'Transaction id' });
    fireEvent.change(txid, { target: { value: ' ffee ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Filter transactions' }));
    expect(location()).toBe('/dashboard/transactions?trxType=WITHDRAWAL&txid=ffee');
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();

    // The bar's button and the empty state's: either clears every filter.
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[1]);
    expect(location()).toBe('/dashboard/transactions');
    await screen.findByRole('table', { name: 'Transactions' });
    expect((txid as HTMLInputElement).value).toBe('');
  });
});

describe('TransactionsPage in Spanish (issue 39)', () => {
  /** A moment as German and Spanish pages write it, in this machine's time zone (the reader's). */
  const stamp = (tag: string, iso: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  it('Spanish: the transactions page, its filters, columns, money and dates', async () => {
    const createdAt = '2026-01-02T10:00:00.000Z';
    const mock = answer({ page: 1, pageSize: 8 }, [item('t1', { createdAt, status: 'CONFIRMED' })]);
    renderWithProviders(<TransactionsPage />, { locale: 'es', mocks: [mock], route: '/dashboard/transactions' });
    expect(screen.getByRole('search', { name: 'Filtrar transacciones' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'ID de transacción' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Transacciones' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha', 'Tipo', 'Importe', 'Moneda', 'Plan', 'Beneficio previsto', 'Estado', 'Txid', 'Comprobante']);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getByText('1500,50 US$')).toBeTruthy();
    expect(within(row).getByText('CONFIRMADA')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /cronología del depósito de 1500,50/ }).textContent).toContain(
      stamp('es-ES', createdAt),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'Pendiente', 'Confirmada', 'Rechazada']);
  });
});
