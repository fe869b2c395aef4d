import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AdminTransactionRecordDocument,
  AdminTransactionsDocument,
  SetTransactionStatusesDocument,
} from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
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
  settlementState: null,
  chainCheck: {
    __typename: 'ChainCheck',
    result: 'WRONG_ADDRESS',
    confirmations: 12,
    coinAmount: '0.2',
    address: 'bnb1someoneelse',
    checkedAt: '2026-11-22T14:10:00.000Z',
  },
  user: { __typename: 'User', id: `u-${id}`, fullName: `Investor ${id}`, email: `${id}@example.com` },
  ...extra,
});
const page = (variables: object, items: object[]) => ({
  request: { query: AdminTransactionsDocument, variables },
  result: {
    data: { adminTransactions: { __typename: 'TransactionPage', page: 1, pageSize: 20, total: items.length, items } },
  },
});
const first = { page: 1, pageSize: 20 };

/** What a record's answer changes: its transaction's fields, its one event, that event's data, its ledger entry. */
interface RecordChanges {
  transaction?: object;
  event?: object;
  eventData?: object;
  entry?: object;
}

/** The record query's answer for a settled, confirmed deposit with its ledger entries and timeline. */
const record = (id: string, changes: RecordChanges = {}) => ({
  request: { query: AdminTransactionRecordDocument, variables: { id } },
  result: {
    data: {
      transaction: {
        ...transaction(id, { status: 'CONFIRMED', settlementState: 'SETTLED', imageUrl: 'https://img.test/proof.png' }),
        updatedAt: '2026-11-23T14:05:00.000Z',
        confirmedAt: '2026-11-22T15:00:00.000Z',
        maturesAt: '2026-11-23T15:00:00.000Z',
        settledAt: '2026-11-23T15:01:00.000Z',
        settlementNote: null,
        durationHours: 24,
        profitPercent: '50',
        expectedProfit: '6000.00000',
        returnsPrincipal: true,
        events: [
          {
            __typename: 'TransactionEvent',
            id: 'e1',
            kind: 'CONFIRMED',
            at: '2026-11-22T15:00:00.000Z',
            reason: 'Seen on chain',
            actorName: 'Grace Admin',
            data: {
              __typename: 'TransactionEventData',
              maturesAt: '2026-11-23T15:00:00.000Z',
              profit: null,
              principal: null,
              coinAmount: null,
              confirmations: null,
              required: null,
              txid: null,
              explorerUrl: null,
              ...changes.eventData,
            },
            ...changes.event,
          },
        ],
        ...changes.transaction,
      },
      transactionLedgerEntries: [
        {
          __typename: 'LedgerEntry',
          id: 'l1',
          bucket: 'investment',
          delta: '12000.00000',
          amountAfter: '12000.00000',
          reason: 'DEPOSIT_CONFIRMED',
          note: null,
          actorName: 'Grace Admin',
          createdAt: '2026-11-22T15:00:00.000Z',
          ...changes.entry,
        },
      ],
    },
  },
});

/** A deposit the investor reported themselves, not looked up on chain. */
const reported = { origin: 'INVESTOR', chainCheck: null };

/** Text as the page shows it, spaces of any kind as one (Intl writes "12.000,00 $" with a no-break space). */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe('AdminTransactionsPage', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the columns that fit, the short txid with copy, and every other column on request', async () => {
    renderWithProviders(<AdminTransactionsPage />, {
      mocks: [
        page(first, [transaction('t1')]),
        page({ ...first, sortBy: 'AMOUNT', sortDirection: 'DESC' }, [transaction('t1')]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual(['', 'Date', 'Investor', 'Type', 'Amount', 'Status', 'Transaction ID']);
    const row = within(table).getAllByRole('row')[1];
    const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-22T14:05:00.000Z'),
    );
    expect(within(row).getByText(when)).toBeTruthy();
    expect(within(row).getByText('0x9f2c4b7e\u2026')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy transaction id' })).toBeTruthy();
    expect(within(row).getByText('t1@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    for (const name of ['S/N', 'Coin', 'Chain', 'Plan', 'Wallet', 'Proof image'])
      expect(screen.getByRole('menuitemcheckbox', { name }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Chain' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(within(row).getByText('Wrong address')).toBeTruthy();
    expect(within(row).getByText('Found on chain')).toBeTruthy();

    const amountHeader = () => screen.getByRole('columnheader', { name: 'Amount' });
    fireEvent.click(within(amountHeader()).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(amountHeader().getAttribute('aria-sort')).toBe('descending'));
    expect(screen.getByTestId('location').textContent).toBe('/?sort=AMOUNT&dir=DESC');
  });

  it('reads the filters from a bookmarked URL, and a date typed goes into the URL', async () => {
    renderWithProviders(<AdminTransactionsPage />, {
      route: '/admin/transactions?status=PENDING&type=DEPOSIT&from=2026-11-01',
      mocks: [
        page({ ...first, status: 'PENDING', trxType: 'DEPOSIT', from: '2026-11-01' }, [transaction('t1')]),
        page({ ...first, status: 'PENDING', trxType: 'DEPOSIT', from: '2026-11-01', to: '2026-11-30' }, [
          transaction('t2', { amount: '150.00' }),
        ]),
      ],
    });
    expect(await screen.findByText('Investor t1')).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    expect(await screen.findByText('$150.00')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/transactions?status=PENDING&type=DEPOSIT&from=2026-11-01&to=2026-11-30',
    );
  });

  it('opens a row into the drawer with its own URL: every field, proof, timeline, ledger; a settled deposit cannot be declined', async () => {
    renderWithProviders(<AdminTransactionsPage />, { mocks: [page(first, [transaction('t1')]), record('t1')] });
    const row = (await screen.findByText('Investor t1')).closest('tr') as HTMLElement;
    fireEvent.click(row);
    expect(screen.getByTestId('location').textContent).toBe('/?record=t1');
    const drawer = await screen.findByRole('dialog', { name: 'Deposit of $12,000.00' });
    expect(await within(drawer).findByText('0x9f2c4b7e1d3a5c6b8e0f2a4c6e8b0d2f4a6c8e0b')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Copy the whole transaction id' })).toBeTruthy();
    expect(within(drawer).getByRole('img', { name: 'Proof of payment sent by Investor t1' })).toBeTruthy();
    expect(
      within(drawer)
        .getByRole('link', { name: /Open the image full size/ })
        .getAttribute('href'),
    ).toBe('https://img.test/proof.png');
    expect(within(drawer).getByText('Reason: Seen on chain')).toBeTruthy();
    const ledger = within(drawer).getByRole('region', { name: 'Ledger entries' });
    expect(within(ledger).getByText('Investment')).toBeTruthy();
    expect(within(ledger).getByText('+$12,000.00')).toBeTruthy();
    // Settled: only CONFIRMED can be chosen, and the drawer says why.
    const select = within(drawer).getByRole('combobox', { name: "Status of Investor t1's deposit" });
    const declined = within(select).getByRole('option', { name: 'DECLINED (settled)' }) as HTMLOptionElement;
    expect(declined.disabled).toBe(true);
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(drawer).getAllByText(/Settled: its term ended/).length).toBeGreaterThan(0);
  });

  it('confirms ticked pending deposits with one reason and names one decided meanwhile', async () => {
    renderWithProviders(<AdminTransactionsPage />, {
      mocks: [
        page(first, [
          transaction('t1'),
          transaction('t2', { amount: '10000.50' }),
          transaction('t3', { status: 'CONFIRMED' }),
        ]),
        {
          request: {
            query: SetTransactionStatusesDocument,
            variables: withIdempotencyKey({ ids: ['t1', 't2'], status: 'CONFIRMED', reason: 'Paid' }),
          },
          result: {
            data: {
              setTransactionStatuses: [
                { __typename: 'BulkStatusResult', id: 't1', ok: true, status: 'CONFIRMED', message: null },
                {
                  __typename: 'BulkStatusResult',
                  id: 't2',
                  ok: false,
                  status: null,
                  message: 'Already confirmed (changed meanwhile)',
                },
              ],
            },
          },
        },
        page(first, [transaction('t1', { status: 'CONFIRMED' })]),
      ],
    });
    await screen.findByText('Investor t1');
    const confirmed = screen.getByRole('checkbox', {
      name: "Investor t3's $12,000.00 deposit is not a pending deposit",
    });
    expect((confirmed as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every pending deposit on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 2 selected?' });
    expect(within(dialog).getByText(/This confirms 2 deposits totalling \$22,000.50/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to each investor, optional)'), {
      target: { value: ' Paid ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm all' }));
    expect(
      await screen.findByText('1 deposit confirmed. Not changed: Investor t2: Already confirmed (changed meanwhile)'),
    ).toBeTruthy();
    // The applied one is unticked; the refused one stays ticked for a look.
    await waitFor(() => expect(screen.getByText('1 selected')).toBeTruthy());
  });
});

describe('AdminTransactionsPage in German', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the list, the filters and the record drawer in German, with German money and dates', async () => {
    renderWithProviders(<AdminTransactionsPage />, {
      locale: 'de',
      mocks: [
        page(first, [transaction('t1', reported)]),
        record('t1', {
          transaction: { ...reported, imageUrl: null, profitPercent: '12.5', expectedProfit: '1500.00000' },
          event: { reason: 'Paid' },
          eventData: { maturesAt: null, confirmations: 3, required: 6 },
          entry: { actorName: null },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Transaktionen' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Datum', 'Investor', 'Typ', 'Betrag', 'Status', 'Transaktions-ID']);
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText(spaced('12.000,00\u00a0$'))).toBeTruthy();
    const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-22T14:05:00.000Z'),
    );
    expect(within(row).getByText(when)).toBeTruthy();
    const status = within(row).getByRole('combobox', { name: 'Status der Einzahlung von Investor t1' });
    expect(within(status).getByRole('option', { name: 'AUSSTEHEND' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'nach vollständigem Namen suchen' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Eingereicht zwischen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Export für die Buchhaltung' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle Transaktionen exportieren (CSV)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Spalten' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Belegbild' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(row);
    const drawer = await screen.findByRole('dialog', { name: /^Einzahlung über 12\.000,00\s\$$/ });
    const details = await within(drawer).findByRole('region', { name: 'Details' });
    const text = spaced(details.textContent);
    for (const fact of ['Gewinnsatz12,5 %', 'Laufzeit24 Stunden', 'Kapital zurückgezahltJa', 'Abrechnungabgerechnet'])
      expect(text).toContain(fact);
    expect(text).toContain('Erwarteter Gewinn1.500,00 $');
    expect(within(drawer).getByText('3 von 6 Bestätigungen')).toBeTruthy();
    expect(within(drawer).getByText('Grund: Paid')).toBeTruthy();
    const ledger = within(drawer).getByRole('region', { name: 'Buchungen' });
    expect(within(ledger).getByText('Investition')).toBeTruthy();
    expect(within(ledger).getByText('+12.000,00 $')).toBeTruthy();
    expect(spaced(ledger.textContent)).toContain('Einzahlung bestätigt · ');
    expect(spaced(ledger.textContent)).toContain(' · vom System');
    const select = within(drawer).getByRole('combobox', { name: 'Status der Einzahlung von Investor t1' });
    expect(within(select).getByRole('option', { name: 'ABGELEHNT (abgerechnet)' })).toBeTruthy();
  });

  it('confirms ticked deposits in German and toasts the outcome in German', async () => {
    renderWithProviders(<AdminTransactionsPage />, {
      locale: 'de',
      mocks: [
        page(first, [transaction('t1', reported), transaction('t2', { ...reported, amount: '10000.50' })]),
        {
          request: {
            query: SetTransactionStatusesDocument,
            variables: withIdempotencyKey({ ids: ['t1', 't2'], status: 'CONFIRMED' }),
          },
          result: {
            data: {
              setTransactionStatuses: [
                { __typename: 'BulkStatusResult', id: 't1', ok: true, status: 'CONFIRMED', message: null },
                { __typename: 'BulkStatusResult', id: 't2', ok: true, status: 'CONFIRMED', message: null },
              ],
            },
          },
        },
        page(first, [transaction('t1', { ...reported, status: 'CONFIRMED' })]),
      ],
    });
    await screen.findByText('Investor t1');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Alle ausstehenden Einzahlungen auf dieser Seite auswählen' }),
    );
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Auswahl bestätigen' }));
    const dialog = await screen.findByRole('dialog', { name: '2 ausgewählte bestätigen?' });
    expect(
      within(dialog).getByText(/^Damit werden 2 Einzahlungen über insgesamt 22\.000,50 \$ bestätigt/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Alle bestätigen' }));
    expect(await screen.findByText('2 Einzahlungen bestätigt.')).toBeTruthy();
  });
});
