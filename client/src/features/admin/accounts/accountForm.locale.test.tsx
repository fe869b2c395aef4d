import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdjustAccountDocument, AdminAccountsDocument } from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
import { AccountsPage } from '../pages/AccountsPage';
import { AccountEditDialog } from './AccountEditDialog';
import { accountChanges, accountFormValues, type OwnedAccount } from './accountForm';

const account = {
  __typename: 'Account',
  id: 'a1',
  balance: '1500.50',
  walletBalance: '0.00',
  profit: '12.34567',
  investment: '21000',
  bitcoin: '0',
  litecoin: '0',
  bnb: '0',
  ethereum: '0',
  usdt: '0',
  hasSetupAccount: true,
  user: { __typename: 'User', id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com', country: 'GB' },
} as unknown as OwnedAccount;

describe('account amounts in other languages', () => {
  it('shows the amounts with the language’s separators and reads them back as the API’s decimals', () => {
    const german = accountFormValues(account, 'de');
    expect(german.balance).toBe('1.500,50');
    expect(german.profit).toBe('12,34567');
    expect(accountFormValues(account, 'es').investment).toBe('21.000,00');
    // Unchanged amounts are not sent, whichever way they are written.
    expect(accountChanges({ ...german, balance: '1500,5' }, german, 'de')).toEqual({});
    expect(accountChanges({ ...german, profit: '20.000,5', reason: ' Bonus ' }, german, 'de')).toEqual({
      profit: '20000.5',
      reason: 'Bonus',
    });
    // English as before.
    expect(accountFormValues(account).balance).toBe('1,500.50');
  });

  it('edits an account in German: German labels and messages, an amount typed with a decimal comma', async () => {
    const variables = { userId: 'u1', input: { profit: '20000.50', reason: 'Bonus' } };
    const result = { data: { adjustAccount: { ...account, profit: '20000.50', user: undefined } } };
    renderWithProviders(<AccountEditDialog account={account} onClose={() => undefined} onSaved={jest.fn()} />, {
      locale: 'de',
      mocks: [{ request: { query: AdjustAccountDocument, variables: withIdempotencyKey(variables) }, result }],
    });
    const dialog = screen.getByRole('dialog', { name: 'Konto von Ada Lovelace bearbeiten' });
    expect(within(dialog).getByText(/^Jeder Betrag wird separat geführt/)).toBeTruthy();
    const profit = within(dialog).getByRole('textbox', { name: 'Gewinn' }) as HTMLInputElement;
    expect(profit.value).toBe('12,34567');
    fireEvent.change(profit, { target: { value: '1,123456' } });
    fireEvent.blur(profit);
    expect(await within(dialog).findByText('gib einen Betrag mit höchstens 5 Nachkommastellen ein')).toBeTruthy();
    fireEvent.change(profit, { target: { value: '20.000,50' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Grund' }), { target: { value: 'Bonus' } });
    const save = within(dialog).getByRole('button', { name: 'Konto speichern' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Konto aktualisiert')).toBeTruthy();
  });

  it('lists the accounts in Spanish with Spanish money', async () => {
    const list = {
      request: { query: AdminAccountsDocument, variables: { page: 1, pageSize: 20 } },
      result: {
        data: {
          accounts: {
            __typename: 'AccountPage',
            page: 1,
            pageSize: 20,
            total: 1,
            totalCapped: false,
            nextCursor: null,
            prevCursor: null,
            items: [account],
          },
        },
      },
    };
    window.localStorage.clear();
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
