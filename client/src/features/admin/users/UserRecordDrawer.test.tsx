import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AccountHistoryDocument,
  AdminAccountRecordDocument,
  AdminDepositAddressesDocument,
  AdminUserRecordDocument,
  AdminUserSecurityDocument,
  AdminUsersDocument,
  AdminUserTransactionsDocument,
} from '../../../generated/graphql';
import { UsersPage } from '../pages/UsersPage';
import { UserEditDialog } from './UserEditDialog';

const ada = {
  __typename: 'User',
  id: 'u1',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+44 20 1234',
  country: 'GH',
  dob: '1990-12-10',
  city: 'Accra',
  province: null,
  zipCode: null,
  address: '1 High St',
  isPremium: true,
  planType: 'Gold',
  announcement: null,
  message: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};
const list = {
  request: { query: AdminUsersDocument, variables: { page: 1, pageSize: 20 } },
  result: { data: { users: { __typename: 'UserPage', page: 1, pageSize: 20, total: 1, items: [ada] } } },
  maxUsageCount: 5,
};
const record = (type: 'INVESTOR' | 'ADMIN') => ({
  request: { query: AdminUserRecordDocument, variables: { id: 'u1' } },
  result: { data: { adminUser: { ...ada, type, emailVerifiedAt: '2026-01-02T10:05:00.000Z' } } },
  maxUsageCount: 5,
});
const account = {
  request: { query: AdminAccountRecordDocument, variables: { userId: 'u1' } },
  result: {
    data: {
      adminAccount: {
        __typename: 'Account',
        id: 'a1',
        balance: '1457.4',
        walletBalance: '0',
        profit: '57.4',
        investment: '1000',
        bitcoin: '1000',
        litecoin: '0',
        bnb: '0',
        ethereum: '0',
        usdt: '0',
        lockedBonus: '100',
        hasSetupAccount: true,
        withdrawalAddresses: [
          { __typename: 'SavedAddressType', coin: 'bitcoin', address: 'bc1qwithdrawaladdress000', usableFrom: null },
        ],
      },
    },
  },
  maxUsageCount: 5,
};
const deposit = {
  request: { query: AdminDepositAddressesDocument, variables: { userId: 'u1' } },
  result: {
    data: {
      adminDepositAddresses: [
        {
          __typename: 'AssignedDepositAddress',
          chain: 'btc',
          address: 'bc1qdepositaddress0000',
          createdAt: '2026-01-03T00:00:00.000Z',
        },
      ],
    },
  },
  maxUsageCount: 5,
};
const transactions = {
  request: { query: AdminUserTransactionsDocument, variables: { userId: 'u1', page: 1, pageSize: 10 } },
  result: {
    data: {
      adminUserTransactions: {
        __typename: 'TransactionPage',
        page: 1,
        pageSize: 10,
        total: 1,
        items: [
          {
            __typename: 'Transaction',
            id: 't1',
            trxType: 'DEPOSIT',
            status: 'CONFIRMED',
            amount: '1000',
            crypto: 'bitcoin',
            plan: 'Gold',
            createdAt: '2026-01-04T00:00:00.000Z',
          },
        ],
      },
    },
  },
  maxUsageCount: 5,
};
const ledger = {
  request: { query: AccountHistoryDocument, variables: { userId: 'u1', page: 1, pageSize: 10 } },
  result: {
    data: {
      accountHistory: {
        __typename: 'LedgerEntryPage',
        page: 1,
        pageSize: 10,
        total: 1,
        items: [
          {
            __typename: 'LedgerEntry',
            id: 'l1',
            bucket: 'lockedBonus',
            delta: '100',
            amountAfter: '100',
            reason: 'SIGNUP_BONUS',
            note: null,
            actorName: null,
            createdAt: '2026-01-02T10:00:00.000Z',
          },
        ],
      },
    },
  },
  maxUsageCount: 5,
};
/** The user's second factors as adminUserSecurity answers them. */
const security = (answer: { totpEnabled: boolean; passkeys: string[]; required?: boolean }) => ({
  request: { query: AdminUserSecurityDocument, variables: { userId: 'u1' } },
  result: {
    data: {
      adminUserSecurity: {
        __typename: 'SecurityStatus',
        totpEnabled: answer.totpEnabled,
        recoveryCodesLeft: answer.totpEnabled || answer.passkeys.length > 0 ? 7 : 0,
        required: answer.required ?? false,
        passkeys: answer.passkeys.map((name, i) => ({ __typename: 'Passkey', id: `p${i}`, name })),
      },
    },
  },
  maxUsageCount: 5,
});
const investorMocks = [
  list,
  record('INVESTOR'),
  account,
  deposit,
  transactions,
  ledger,
  security({ totpEnabled: true, passkeys: ['YubiKey', 'MacBook'] }),
];
const location = () => screen.getByTestId('location').textContent;
/** Text as the page shows it, spaces of any kind as one (Intl writes "1.457,40 $" with a no-break space). */
const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

beforeEach(() => window.localStorage.clear());

describe('the user record drawer', () => {
  it('opens from a row click with its own URL and shows profile, balances, addresses, transactions and ledger', async () => {
    renderWithProviders(<UsersPage />, { mocks: investorMocks, route: '/admin/users' });
    fireEvent.click(await screen.findByText('Ada Lovelace'));
    expect(location()).toBe('/admin/users?record=u1');
    const drawer = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    const profile = within(drawer).getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Ghana')).toBeTruthy(); // the country by name, not "GH"
    expect(within(profile).getByText('Yes (Gold)')).toBeTruthy();
    const balances = await within(drawer).findByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('$1,457.40')).toBeTruthy();
    expect(within(balances).getByText('Locked bonus')).toBeTruthy();
    const addresses = await within(drawer).findByRole('region', { name: 'Addresses' });
    expect(within(addresses).getByRole('button', { name: 'Copy Bitcoin deposit address' })).toBeTruthy();
    expect(within(addresses).getByRole('button', { name: 'Copy Bitcoin withdrawal address' })).toBeTruthy();
    const trx = await within(drawer).findByRole('link', { name: 'Deposit of $1,000.00' });
    expect(trx.getAttribute('href')).toBe('/admin/transactions?record=t1');
    const history = within(drawer).getByRole('region', { name: 'Ledger history' });
    expect(await within(history).findByText('Locked bonus')).toBeTruthy(); // never "lockedBonus"
    expect(within(history).getByText(/Signup bonus · by system/)).toBeTruthy();
    const signIn = await within(drawer).findByRole('region', { name: 'Sign-in security' });
    await waitFor(() => expect(spaced(signIn.textContent)).toContain('Authenticator appOn'));
    expect(spaced(signIn.textContent)).toContain('PasskeysYubiKey, MacBook');
    expect(spaced(signIn.textContent)).toContain('Recovery codes left7');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/admin/users'));
  });

  it('opens straight from the URL, and Enter on a row opens it too; the edit dialog is one click away', async () => {
    renderWithProviders(<UsersPage />, { mocks: investorMocks, route: '/admin/users?record=u1' });
    const drawer = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Edit profile' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' })).toBeTruthy();
  });

  it('opens with Enter on a focused row', async () => {
    renderWithProviders(<UsersPage />, { mocks: investorMocks, route: '/admin/users' });
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(location()).toBe('/admin/users?record=u1');
    expect(await screen.findByRole('dialog', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('shows an administrator without the investor sections', async () => {
    renderWithProviders(<UsersPage />, {
      mocks: [list, record('ADMIN'), security({ totpEnabled: false, passkeys: [], required: true })],
      route: '/admin/users?record=u1',
    });
    const drawer = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(drawer).getByText('Administrator')).toBeTruthy();
    // An administrator without a second factor: the back office stays closed to them.
    const signIn = await within(drawer).findByRole('region', { name: 'Sign-in security' });
    expect(
      await within(signIn).findByText(
        'Not set up yet: the back office stays closed to them until they set up a second factor.',
      ),
    ).toBeTruthy();
    expect(spaced(signIn.textContent)).toContain('PasskeysNone');
    expect(spaced(signIn.textContent)).not.toContain('Recovery codes left');
    expect(within(drawer).queryByRole('region', { name: 'Balances' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Adjust amounts' })).toBeNull();
  });
});

describe('the users list and record drawer in German', () => {
  it('lists the users with German headers and dates, and opens the record in German', async () => {
    renderWithProviders(<UsersPage />, { mocks: investorMocks, route: '/admin/users', locale: 'de' });
    const table = await screen.findByRole('table', { name: 'Nutzer' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(1), // after the row number
    ).toEqual(['Vollständiger Name', 'E-Mail', 'Land', 'Registriert', 'Optionen']);
    const joined = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-01-02T10:00:00.000Z'),
    );
    expect(within(table).getByText(joined)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Premium' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'suchen' })).toBeTruthy();

    fireEvent.click(screen.getByText('Ada Lovelace'));
    const drawer = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    const profile = within(drawer).getByRole('region', { name: 'Profil' });
    expect(spaced(profile.textContent)).toContain('PremiumJa (Gold)');
    expect(spaced(profile.textContent)).toContain('RolleInvestor');
    const balances = await within(drawer).findByRole('region', { name: 'Guthaben' });
    expect(within(balances).getByText('1.457,40 $')).toBeTruthy();
    expect(within(balances).getByText('Gesperrter Bonus')).toBeTruthy();
    const addresses = await within(drawer).findByRole('region', { name: 'Adressen' });
    expect(within(addresses).getByRole('button', { name: 'Bitcoin-Einzahlungsadresse kopieren' })).toBeTruthy();
    expect(within(addresses).getByRole('button', { name: 'Bitcoin-Auszahlungsadresse kopieren' })).toBeTruthy();
    expect(await within(drawer).findByRole('link', { name: /^Einzahlung über 1\.000,00\s\$$/ })).toBeTruthy();
    const history = within(drawer).getByRole('region', { name: 'Buchungsverlauf' });
    expect(await within(history).findByText('Gesperrter Bonus')).toBeTruthy();
    expect(within(history).getByText(/^Startbonus · vom System · /)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Profil bearbeiten' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Beträge anpassen' })).toBeTruthy();
  });

  it('edits a user in Spanish, the admin form’s own limits said in Spanish', async () => {
    renderWithProviders(<UserEditDialog user={ada} onClose={jest.fn()} onSaved={jest.fn()} />, { locale: 'es' });
    const dialog = screen.getByRole('dialog', { name: 'Editar a Ada Lovelace' });
    expect(within(dialog).getByRole('textbox', { name: 'Correo electrónico' })).toBeTruthy();
    expect(within(dialog).getByText('Se admite HTML; se muestra depurado en el panel del inversor.')).toBeTruthy();
    const planType = within(dialog).getByRole('textbox', { name: 'Tipo de plan' });
    fireEvent.change(planType, { target: { value: 'x'.repeat(101) } });
    fireEvent.blur(planType);
    expect(await within(dialog).findByText('debe tener como máximo 100 caracteres')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Guardar usuario' })).toBeTruthy();
  });
});
