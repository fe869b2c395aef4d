import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import {
  CoinsDocument,
  MyTransactionsDocument,
  NotificationBellDocument,
  RunningDepositsDocument,
  type AccountQuery,
  type DashboardProfileQuery,
} from '../../../generated/graphql';
import { SummaryCards } from '../components/SummaryCards';
import { NotificationBell, BELL_PAGE_SIZE } from '../notifications/NotificationBell';
import { Banner } from '../overview/Banner';
import { RateChart } from '../overview/RateChart';
import { RunningPlans } from '../running/RunningPlans';
import { ProfileForm } from '../settings/ProfileForm';
import { WithdrawalAddressesForm } from '../settings/WithdrawalAddressesForm';
import { StatementsIntro } from '../statements/StatementsIntro';
import { TransactionFacts } from '../timeline/TransactionFacts';
import { TransactionTimeline } from '../timeline/TransactionTimeline';
import type { TimelineTransaction } from '../timeline/timelineWording';
import { CoinBalances } from '../wallet/CoinBalances';
import { TransactionsPage } from './TransactionsPage';

/** Intl's no-break spaces ("1.500,50 $") as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** A moment as German and Spanish pages write it, in this machine's time zone (the reader's). */
const stamp = (tag: string, iso: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

const account = {
  balance: '1334.50000',
  available: '1234.50000',
  investment: '12000.00000',
  profit: '0.50000',
  lockedBonus: '100.00000',
  bitcoin: '12000.00000',
  ethereum: '0.00000',
  usdt: '250.50000',
  bnb: '0.00000',
  litecoin: '0.00000',
  wallet: { bitcoin: null, ethereum: null, litecoin: null, usdt: 'TQn9Y2khEsLJW1ChNewAddress' },
  withdrawalAddresses: [
    { coin: 'usdt', address: 'TQn9Y2khEsLJW1ChNewAddress', usableFrom: new Date(Date.now() + 3600_000).toISOString() },
  ],
  hasSetupAccount: true,
} as unknown as AccountQuery['account'];

describe('the dashboard in German and Spanish (issue 39)', () => {
  it('German: the summary cards and the coin balances, in German money', () => {
    renderWithProviders(
      <>
        <SummaryCards account={account} withLinks />
        <CoinBalances account={account} />
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

  it('Spanish: the transactions page, its filters, columns, money and dates', async () => {
    const createdAt = '2026-01-02T10:00:00.000Z';
    const mock = {
      request: { query: MyTransactionsDocument, variables: { page: 1, pageSize: 8 } },
      result: {
        data: {
          myTransactions: {
            __typename: 'TransactionPage',
            page: 1,
            pageSize: 8,
            total: 1,
            items: [
              {
                __typename: 'Transaction',
                id: 't1',
                createdAt,
                trxType: 'DEPOSIT',
                amount: '1500.50',
                crypto: 'bitcoin',
                plan: 'Starter',
                expectedProfit: '150.05',
                status: 'CONFIRMED',
                imageUrl: null,
                transactionId: '0xabcdef12',
                wallet: null,
                origin: 'INVESTOR',
                cryptoAmount: null,
                chainHold: null,
                chainCheck: null,
              },
            ],
          },
        },
      },
    };
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

  it("German: a deposit's facts and timeline", () => {
    const trx = {
      id: 't1',
      trxType: 'DEPOSIT',
      status: 'CONFIRMED',
      amount: '1500.00000',
      crypto: 'bitcoin',
      plan: 'Starter',
      profitPercent: '12.5',
      expectedProfit: '187.50000',
      durationHours: 24,
      returnsPrincipal: true,
      createdAt: '2026-11-22T10:00:00.000Z',
      confirmedAt: '2026-11-22T11:00:00.000Z',
      maturesAt: '2026-11-23T11:00:00.000Z',
      settledAt: null,
      settlementState: 'DUE',
      settlementNote: null,
      transactionId: '0xabc',
      wallet: null,
      events: [
        { id: 'e1', kind: 'SUBMITTED', at: '2026-11-22T10:00:00.000Z', reason: null, data: {} },
        { id: 'e2', kind: 'CONFIRMED', at: '2026-11-22T11:00:00.000Z', reason: null, data: {} },
      ],
    } as unknown as TimelineTransaction;
    renderWithProviders(
      <>
        <TransactionFacts transaction={trx} />
        <TransactionTimeline transaction={trx} />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByText('EINZAHLUNG')).toBeTruthy();
    expect(screen.getByText('Wartet auf Auszahlung')).toBeTruthy();
    expect(screen.getByText('Starter (12,5 %)')).toBeTruthy();
    expect(screen.getByText('24 Stunden')).toBeTruthy();
    expect(screen.getByText('Gewinn und Kapital werden ausgezahlt')).toBeTruthy();
    expect(screen.getByText(stamp('de-DE', '2026-11-23T11:00:00.000Z'))).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Verlauf' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Einzahlung übermittelt',
      'Einzahlung bestätigt',
      'Auszahlung',
    ]);
    expect(plain(steps[2].textContent)).toBe(
      'AuszahlungSteht noch aus187,50 $ Gewinn und dein Kapital von 1.500,00 $ werden deinem Guthaben gutgeschrieben.',
    );
  });

  it('German: running plans with a German countdown', async () => {
    const maturesAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const deposit = {
      __typename: 'Transaction',
      id: 't1',
      plan: 'Gold',
      amount: '12000.00',
      crypto: 'bitcoin',
      expectedProfit: '6000.00',
      returnsPrincipal: true,
      confirmedAt: new Date().toISOString(),
      maturesAt,
      settlementState: null,
      settlementNote: null,
    };
    renderWithProviders(<RunningPlans />, {
      locale: 'de',
      mocks: [{ request: { query: RunningDepositsDocument }, result: { data: { runningDeposits: [deposit] } } }],
    });
    expect(
      await screen.findByRole('link', { name: (name) => plain(name) === 'Gold: 12.000,00 $, Verlauf öffnen' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Laufende Tarife' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^noch (2 h 00 min 00|1 h 59 min \d\d) s$/);
    expect(screen.getByText(stamp('de-DE', maturesAt))).toBeTruthy();
  });

  it('Spanish: the bell, the banner, the rate chart and the statements intro', async () => {
    const bell = {
      request: { query: NotificationBellDocument, variables: { pageSize: BELL_PAGE_SIZE } },
      result: {
        data: {
          unreadNotificationCount: 1,
          notifications: {
            __typename: 'NotificationPage',
            total: 1,
            items: [
              {
                __typename: 'Notification',
                id: 'n1',
                kind: 'DEPOSIT_CONFIRMED',
                title: 'Depósito confirmado',
                body: 'Tu depósito fue confirmado.',
                transactionId: null,
                createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
                readAt: null,
              },
            ],
          },
        },
      },
    };
    const coins = {
      request: { query: CoinsDocument, variables: { exchange: 'TW' } },
      result: {
        data: {
          coins: {
            __typename: 'CoinMarket',
            status: 'LIVE',
            updatedAt: null,
            coins: [
              {
                __typename: 'CoinPrice',
                name: 'bitcoin',
                symbol: 'BTC',
                priceUsd: '65000.12',
                change24hPercent: '-1.25',
                sparkline: ['60000', '65000.12'],
              },
            ],
          },
        },
      },
    };
    const user = {
      announcement: null,
      isPremium: false,
      message: null,
      planType: 'Gold',
    } as DashboardProfileQuery['me'];
    renderWithProviders(
      <>
        <NotificationBell />
        <Banner user={user} />
        <RateChart exchange="TW" />
        <StatementsIntro />
      </>,
      { locale: 'es', mocks: [bell, coins] },
    );
    expect(screen.getByText('Mejora tu plan a Gold y consigue acceso ilimitado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mejorar ahora' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Precios de las monedas en 7 días' })).toBeTruthy();
    expect(screen.getByText('-1,25 %')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: (name) => plain(name) === 'bitcoin en 7 días: de 60.000,00 US$ a 65.000,12 US$',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/^Un extracto muestra/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' }));
    const menu = await screen.findByRole('menu', { name: 'Últimas notificaciones' });
    expect(within(menu).getByText('hace 5 min')).toBeTruthy();
    expect(within(menu).getByRole('img', { name: 'Sin leer' })).toBeTruthy();
  });

  it('German: the profile and withdrawal address forms', () => {
    const user = {
      __typename: 'User',
      id: 'u1',
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      country: 'GB',
      phoneNumber: null,
      dob: null,
      city: null,
      province: null,
      zipCode: null,
      address: null,
      profileImage: null,
    } as unknown as DashboardProfileQuery['me'];
    renderWithProviders(
      <>
        <ProfileForm user={user} />
        <WithdrawalAddressesForm account={account} />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByRole('textbox', { name: 'Vollständiger Name' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Profil speichern' })).toBeTruthy();
    expect(screen.getByText(/^Zu deiner Sicherheit .* erst 24 Stunden später .* per E-Mail\.$/)).toBeTruthy();
    const usdt = screen.getByRole('textbox', { name: 'USDT-Adresse' });
    const helper = document.getElementById(usdt.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(helper).toBe(`nutzbar ab ${stamp('de-DE', account.withdrawalAddresses[0].usableFrom!)}`);
    expect(screen.getByRole('button', { name: 'Adressen speichern' })).toBeTruthy();
  });
});
