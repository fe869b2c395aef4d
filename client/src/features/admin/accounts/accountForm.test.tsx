import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdjustAccountDocument } from '../../../generated/graphql';
import { subtractDecimal } from '../components/decimal';
import { AccountEditDialog, SEPARATE_AMOUNTS_NOTE } from './AccountEditDialog';
import { bucketLabel, changeText } from './AccountHistoryDialog';
import { accountChanges, accountFormValues, type OwnedAccount } from './accountForm';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';

const account = {
  __typename: 'Account',
  id: 'a1',
  balance: '1500.50',
  walletBalance: '0.00',
  profit: '12.34567',
  investment: '1000',
  bitcoin: '0',
  litecoin: '0',
  bnb: '0',
  ethereum: '0',
  usdt: '0',
  hasSetupAccount: true,
  user: { __typename: 'User', id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com', country: 'GB' },
} as unknown as OwnedAccount;

describe('accountChanges', () => {
  it('sends only changed amounts, without $ and commas, plus the reason', () => {
    const initial = accountFormValues(account);
    expect(initial.balance).toBe('1,500.50');
    expect(accountChanges({ ...initial, balance: '1,500.50', reason: 'x' }, initial)).toEqual({});
    expect(accountChanges({ ...initial, balance: '$2,000.12345', usdt: '', reason: ' fix ' }, initial)).toEqual({
      balance: '2000.12345',
      reason: 'fix',
    });
  });
});

describe('ledger arithmetic', () => {
  it('computes old = after - delta exactly', () => {
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('100', '150.5')).toBe('-50.5');
    expect(subtractDecimal('12345678901234567890.00001', '-0.00001')).toBe('12345678901234567890.00002');
    expect(changeText({ amountAfter: '1500.00', delta: '500.00' })).toBe('$1,000.00 \u2192 $1,500.00');
  });
});

describe('AccountEditDialog', () => {
  it('enables save only when changed and valid, then toasts account updated', async () => {
    const variables = { userId: 'u1', input: { profit: '20000.50', reason: 'bonus' } };
    const result = { data: { adjustAccount: { ...account, profit: '20000.50', user: undefined } } };
    const onSaved = jest.fn();
    renderWithProviders(<AccountEditDialog account={account} onClose={() => undefined} onSaved={onSaved} />, {
      mocks: [{ request: { query: AdjustAccountDocument, variables: withIdempotencyKey(variables) }, result }],
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit account of Ada Lovelace' });
    // Profit and Balance are separate buckets, and the dialog says so before anyone edits one.
    expect(within(dialog).getByText(SEPARATE_AMOUNTS_NOTE)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save account' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const profit = within(dialog).getByRole('textbox', { name: 'Profit' });
    fireEvent.change(profit, { target: { value: '1.123456' } });
    fireEvent.blur(profit);
    expect(await within(dialog).findByText('enter an amount with up to 5 decimals')).toBeTruthy();
    fireEvent.change(profit, { target: { value: '-5' } });
    expect(await within(dialog).findByText('amount must not be negative')).toBeTruthy(); // says what is wrong
    expect(save.disabled).toBe(true);
    fireEvent.change(profit, { target: { value: '$20,000.50' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'bonus' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('account updated')).toBeTruthy();
    expect(onSaved).toHaveBeenCalled();
  });
});

describe('ledger history bucket names', () => {
  it('names every bucket for people, the locked signup bonus included', () => {
    expect(bucketLabel('lockedBonus')).toBe('Locked bonus');
    expect(bucketLabel('walletBalance')).toBe('Wallet Balance');
    expect(bucketLabel('profit')).toBe('Profit');
  });
});

describe('account amounts in other languages', () => {
  /** The account with $21,000 invested: five digits, grouped in Spanish too. */
  const account21k = { ...account, investment: '21000' } as OwnedAccount;

  it('shows the amounts with the language’s separators and reads them back as the API’s decimals', () => {
    const german = accountFormValues(account21k, 'de');
    expect(german.balance).toBe('1.500,50');
    expect(german.profit).toBe('12,34567');
    expect(accountFormValues(account21k, 'es').investment).toBe('21.000,00');
    // Unchanged amounts are not sent, whichever way they are written.
    expect(accountChanges({ ...german, balance: '1500,5' }, german, 'de')).toEqual({});
    expect(accountChanges({ ...german, profit: '20.000,5', reason: ' Bonus ' }, german, 'de')).toEqual({
      profit: '20000.5',
      reason: 'Bonus',
    });
    // English as before.
    expect(accountFormValues(account21k).balance).toBe('1,500.50');
  });

  it('edits an account in German: German labels and messages, an amount typed with a decimal comma', async () => {
    const variables = { userId: 'u1', input: { profit: '20000.50', reason: 'Bonus' } };
    const result = { data: { adjustAccount: { ...account21k, profit: '20000.50', user: undefined } } };
    renderWithProviders(<AccountEditDialog account={account21k} onClose={() => undefined} onSaved={jest.fn()} />, {
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
});
