import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  AccountDocument,
  DashboardProfileDocument,
  DepositWalletsDocument,
  PlansDocument,
  TransactionTimelineDocument,
} from '../../../generated/graphql';
import { noEventData, starterPlan } from '../../../test/dashboardFixtures';
import { DashboardLayout } from '../DashboardLayout';
import { InvestPage } from './InvestPage';
import { OverviewPage } from './OverviewPage';
import { SettingsPage } from './SettingsPage';
import { StatementsPage } from './StatementsPage';
import { StocksPage } from './StocksPage';
import { TransactionTimelinePage } from './TransactionTimelinePage';
import { WalletPage } from './WalletPage';
import { WithdrawPage } from './WithdrawPage';

/** Intl's no-break spaces ("1.334,50 $") as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const account = {
  __typename: 'Account',
  id: 'a1',
  balance: '1334.50000',
  available: '1234.50000',
  lockedBonus: '100.00000',
  walletBalance: '0.00000',
  profit: '0.00000',
  investment: '0.00000',
  bitcoin: '0.00000',
  ethereum: '0.00000',
  bnb: '0.00000',
  litecoin: '0.00000',
  usdt: '0.00000',
  hasSetupAccount: false,
  wallet: { __typename: 'WithdrawalAddresses', bitcoin: null, ethereum: null, litecoin: null, usdt: null },
  withdrawalAddresses: [],
};
const accountMock = { request: { query: AccountDocument }, result: { data: { account } } };
const me = {
  __typename: 'User',
  id: 'u1',
  email: 'ada@example.com',
  country: 'GB',
  isPremium: false,
  planType: null,
  announcement: null,
  message: null,
  exchange: 'TW',
  emailNotifications: true,
  fullName: 'Ada Lovelace',
  phoneNumber: null,
  dob: null,
  city: null,
  province: null,
  zipCode: null,
  address: null,
  profileImage: null,
};
const profileMock = { request: { query: DashboardProfileDocument }, result: { data: { me } } };
/** The page's h1. */
const h1 = () => plain(screen.getByRole('heading', { level: 1 }).textContent);

describe('the dashboard pages in German and Spanish (issue 39)', () => {
  it('German: the sidebar and the overview', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<OverviewPage />} />
        </Route>
      </Routes>,
      { locale: 'de', route: '/dashboard', mocks: [profileMock, profileMock, accountMock] },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen zurück, Ada Lovelace' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0];
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((text) => text !== ''),
    ).toEqual(
      expect.arrayContaining([
        'Investieren',
        'Wallet',
        'Transaktionen',
        'Kontoauszüge',
        'Auszahlen',
        'Aktien',
        'Einstellungen',
      ]),
    );
    expect(screen.getByText('Wechsle zum Tarif Premium und erhalte unbegrenzten Zugang')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'So wächst dein Geld' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Kurse' })).toBeTruthy();
  });

  it('German: Wallet', async () => {
    renderWithProviders(<WalletPage />, { locale: 'de', mocks: [accountMock] });
    expect(h1()).toBe('Wallet');
    expect(await screen.findByRole('region', { name: 'Guthaben je Coin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'auszahlen' })).toBeTruthy();
  });

  it('Spanish: Withdraw, led by what is available', async () => {
    renderWithProviders(<WithdrawPage />, { locale: 'es', mocks: [accountMock] });
    expect(h1()).toBe('Retirar');
    const available = await screen.findByRole('heading', { name: 'Disponible' });
    expect(plain(available.nextElementSibling?.textContent)).toBe('1234,50 US$');
    expect(screen.getByText('Saldo 1334,50 US$ − 100,00 US$ de bono bloqueado')).toBeTruthy();
    expect(screen.getByText('Primero guarda una dirección de retirada en Ajustes.')).toBeTruthy();
  });

  it('German: Invest, its plans and the form', async () => {
    const plans = {
      request: { query: PlansDocument },
      result: {
        data: {
          plans: [starterPlan],
        },
      },
    };
    const wallets = {
      request: { query: DepositWalletsDocument, variables: { exchange: 'TW' } },
      result: {
        data: {
          wallets: [
            {
              __typename: 'Wallet',
              id: 'w1',
              name: 'bitcoin',
              address: 'bc1q',
              exchange: 'TW',
              imageUrl: null,
              qrCode: 'data:,',
            },
          ],
        },
      },
    };
    renderWithProviders(<InvestPage />, { locale: 'de', mocks: [profileMock, plans, wallets] });
    expect(await screen.findByRole('radiogroup', { name: 'Wähle einen Tarif' })).toBeTruthy();
    expect(h1()).toBe('Investieren');
    expect(screen.getByText('Wähle oben einen Tarif, um fortzufahren.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'weiter' })).toBeTruthy();
  });

  it('German: Settings, its tabs', async () => {
    renderWithProviders(<SettingsPage />, { locale: 'de', mocks: [profileMock, accountMock] });
    const tabs = await screen.findByRole('tablist', { name: 'Einstellungen' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profil', 'Auszahlung', 'Passwort', 'Sicherheit']);
    expect(screen.getByRole('button', { name: 'Profilbild ändern' })).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: 'Per E-Mail über meine Ein- und Auszahlungen informieren' }),
    ).toBeTruthy();
  });

  it('Spanish: a withdrawal’s timeline page', async () => {
    const transaction = {
      __typename: 'Transaction',
      id: 't9',
      trxType: 'WITHDRAWAL',
      status: 'PENDING',
      amount: '40.50000',
      crypto: 'bitcoin',
      plan: null,
      profitPercent: null,
      expectedProfit: null,
      durationHours: null,
      returnsPrincipal: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      confirmedAt: null,
      maturesAt: null,
      settledAt: null,
      settlementState: null,
      settlementNote: null,
      transactionId: null,
      wallet: 'bc1qxy2kgdygjrsqtzq2n0',
      events: [
        {
          __typename: 'TransactionEvent',
          id: 'e1',
          kind: 'SUBMITTED',
          at: '2026-11-22T10:00:00.000Z',
          reason: null,
          data: { __typename: 'TransactionEventData', ...noEventData },
        },
      ],
    };
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/transactions/:id" element={<TransactionTimelinePage />} />
      </Routes>,
      {
        locale: 'es',
        route: '/dashboard/transactions/t9',
        mocks: [
          {
            request: { query: TransactionTimelineDocument, variables: { id: 't9' } },
            result: { data: { transaction } },
          },
        ],
      },
    );
    expect(await screen.findByText('Retirada solicitada')).toBeTruthy();
    expect(h1()).toBe('Retirada de 40,50 US$');
    expect(screen.getByRole('link', { name: 'Todas las transacciones' })).toBeTruthy();
    expect(screen.getByText('Pendiente de confirmación')).toBeTruthy();
    expect(screen.getByText('Esperando a que nuestro equipo la envíe.')).toBeTruthy();
  });

  it('German: Statements, and Stocks when its provider is out of reach', async () => {
    const { unmount } = renderWithProviders(<StatementsPage />, { locale: 'de' });
    expect(h1()).toBe('Kontoauszüge');
    expect(screen.getByText(/^Ein Kontoauszug zeigt/)).toBeTruthy();
    unmount();
    const saved = globalThis.fetch;
    globalThis.fetch = jest.fn(() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;
    try {
      renderWithProviders(<StocksPage />, { locale: 'de' });
      expect(h1()).toBe('Aktien');
      expect(await screen.findByText(/war nicht erreichbar\. Prüfe deine Verbindung/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    } finally {
      globalThis.fetch = saved;
    }
  });
});
