import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AdminTransactionRecordDocument,
  AdminTransactionsDocument,
  SetTransactionStatusesDocument,
} from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
import { AdminTransactionsPage } from './AdminTransactionsPage';

/** Text as the page shows it, spaces of any kind as one (Intl writes "12.000,00 $" with a no-break space). */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

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
  origin: 'INVESTOR',
  cryptoAmount: '0.2',
  chainHold: null,
  payoutFee: null,
  settlementState: null,
  chainCheck: null,
  user: { __typename: 'User', id: `u-${id}`, fullName: `Investor ${id}`, email: `${id}@example.com` },
  ...extra,
});
const page = (items: object[]) => ({
  request: { query: AdminTransactionsDocument, variables: { page: 1, pageSize: 20 } },
  result: {
    data: { adminTransactions: { __typename: 'TransactionPage', page: 1, pageSize: 20, total: items.length, items } },
  },
});
const record = (id: string) => ({
  request: { query: AdminTransactionRecordDocument, variables: { id } },
  result: {
    data: {
      transaction: {
        ...transaction(id, { status: 'CONFIRMED', settlementState: 'SETTLED' }),
        updatedAt: '2026-11-23T14:05:00.000Z',
        confirmedAt: '2026-11-22T15:00:00.000Z',
        maturesAt: '2026-11-23T15:00:00.000Z',
        settledAt: '2026-11-23T15:01:00.000Z',
        settlementNote: null,
        durationHours: 24,
        profitPercent: '12.5',
        expectedProfit: '1500.00000',
        returnsPrincipal: true,
        events: [
          {
            __typename: 'TransactionEvent',
            id: 'e1',
            kind: 'CONFIRMED',
            at: '2026-11-22T15:00:00.000Z',
            reason: 'Paid',
            actorName: 'Grace Admin',
            data: {
              __typename: 'TransactionEventData',
              maturesAt: null,
              profit: null,
              principal: null,
              coinAmount: null,
              confirmations: 3,
              required: 6,
              txid: null,
              explorerUrl: null,
            },
          },
        ],
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
          actorName: null,
          createdAt: '2026-11-22T15:00:00.000Z',
        },
      ],
    },
  },
});

describe('AdminTransactionsPage in German', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the list, the filters and the record drawer in German, with German money and dates', async () => {
    renderWithProviders(<AdminTransactionsPage />, { mocks: [page([transaction('t1')]), record('t1')], locale: 'de' });
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
        page([transaction('t1'), transaction('t2', { amount: '10000.50' })]),
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
        page([transaction('t1', { status: 'CONFIRMED' })]),
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
