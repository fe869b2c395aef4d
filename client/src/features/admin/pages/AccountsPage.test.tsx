import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, within } from '@testing-library/react';
import { AdminAccountsDocument } from '../../../generated/graphql';
import { AccountsPage } from './AccountsPage';

const account = {
  __typename: 'Account',
  id: 'acc1',
  balance: '1457.4',
  walletBalance: '0',
  profit: '57.4',
  investment: '1000',
  bitcoin: '1000',
  litecoin: '0',
  bnb: '0',
  ethereum: '0',
  usdt: '0',
  hasSetupAccount: true,
  user: { __typename: 'User', id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com', country: 'GB' },
};
/** The first page of the list with `items`. */
const listOf = (items: object[]) => ({
  request: { query: AdminAccountsDocument, variables: { page: 1, pageSize: 20 } },
  result: {
    data: {
      accounts: {
        __typename: 'AccountPage',
        page: 1,
        pageSize: 20,
        total: items.length,
        totalCapped: false,
        nextCursor: null,
        prevCursor: null,
        items,
      },
    },
  },
  maxUsageCount: 5,
});
const list = listOf([account]);
const headers = () =>
  within(screen.getByRole('table', { name: 'Accounts' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

beforeEach(() => window.localStorage.clear());

describe('AccountsPage', () => {
  it('shows the columns that fit, offers every amount in the chooser and remembers the choice', async () => {
    const { unmount } = renderWithProviders(<AccountsPage />, { mocks: [list], route: '/admin/accounts' });
    await screen.findByText('Ada Lovelace');
    expect(headers()).toEqual(['S/N', 'Full Name', 'Email', 'Balance', 'Profit', 'Investment', 'Options']);
    expect(screen.getByText('$1,457.40')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Investment' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Bitcoin' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(headers()).toContain('Bitcoin');
    unmount();
    renderWithProviders(<AccountsPage />, { mocks: [list], route: '/admin/accounts' });
    await screen.findByText('Ada Lovelace');
    expect(headers()).toContain('Bitcoin');
  });

  it("opens the owner's record drawer from a row, keyed by the user id; the row's buttons keep their own job", async () => {
    const sorted = {
      ...list,
      request: { ...list.request, variables: { page: 1, pageSize: 20, sortBy: 'BALANCE', sortDirection: 'ASC' } },
    };
    renderWithProviders(<AccountsPage />, { mocks: [sorted], route: '/admin/accounts?sort=BALANCE&dir=ASC' });
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Ada Lovelace' }));
    expect(await screen.findByRole('dialog', { name: 'Edit account of Ada Lovelace' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/accounts?sort=BALANCE&dir=ASC');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit account of Ada Lovelace' }), { key: 'Escape' });
    fireEvent.click(within(row).getByText('$1,457.40'));
    expect(screen.getByTestId('location').textContent).toBe('/admin/accounts?sort=BALANCE&dir=ASC&record=u1');
  });
});

describe('AccountsPage in Spanish', () => {
  it('lists the accounts in Spanish with Spanish money', async () => {
    const list = listOf([{ ...account, balance: '1500.50', investment: '21000' }]);
    renderWithProviders(<AccountsPage />, { mocks: [list], route: '/admin/accounts', locale: 'es' });
    await screen.findByText('Ada Lovelace');
    const table = screen.getByRole('table', { name: 'Cuentas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(1), // after the row number
    ).toEqual(['Nombre completo', 'Correo electrónico', 'Saldo', 'Beneficio', 'Inversión', 'Opciones']);
    const row = within(table).getAllByRole('row')[1];
    expect(row.textContent?.replace(/\s+/g, ' ')).toContain('1500,50 US$');
    expect(row.textContent?.replace(/\s+/g, ' ')).toContain('21.000,00 US$');
    expect(within(row).getByRole('button', { name: 'Editar a Ada Lovelace' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Historial de Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'buscar por usuario' })).toBeTruthy();
  });
});
