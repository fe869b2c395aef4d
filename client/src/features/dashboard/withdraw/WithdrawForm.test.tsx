import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RequestWithdrawalDocument, type AccountQuery } from '../../../generated/graphql';
import { MSG, withdrawalMinMessage } from '@cryptovest/common';
import { WithdrawForm } from './WithdrawForm';
import { WITHDRAWAL_NEXT_STEPS } from './WithdrawSuccessDialog';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';

const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const usdtAddress = 'TQn9Y2khEsLJW1ChNewAddress';
const saved = (coin: string, addr: string, usableFrom: string | null = null) => ({
  __typename: 'SavedAddressType',
  coin,
  address: addr,
  usableFrom,
});

/** An account with $1,234.50 available, no locked bonus and one usable bitcoin address. */
function accountWith(overrides: Partial<Record<string, unknown>> = {}): AccountQuery['account'] {
  return {
    __typename: 'Account',
    id: 'a1',
    balance: '1234.50000',
    available: '1234.50000',
    lockedBonus: '0.00000',
    wallet: { __typename: 'WithdrawalAddresses', bitcoin: address, ethereum: null, litecoin: '', usdt: null },
    withdrawalAddresses: [saved('bitcoin', address)],
    ...overrides,
  } as unknown as AccountQuery['account'];
}
const account = accountWith();
const request = {
  query: RequestWithdrawalDocument,
  variables: withIdempotencyKey({ input: { amount: '50.25', crypto: 'bitcoin', wallet: address } }),
};
const proceed = () => screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;
const amountField = () => screen.getByRole('textbox', { name: 'Amount ($)' });

/** Opens the wallet select and returns its options. */
function openWallets() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Wallet' }));
  return within(screen.getByRole('listbox')).getAllByRole('option');
}

/** Fills amount, picks the only wallet, ticks agree and submits. */
async function fillAndSubmit(amount = '50.25') {
  fireEvent.change(amountField(), { target: { value: amount } });
  const options = openWallets();
  expect(options.map((o) => o.textContent)).toEqual([`Bitcoin – ${address.slice(0, 35)} `]);
  fireEvent.click(options[0]);
  await waitFor(() => expect(proceed().disabled).toBe(true)); // agree not ticked yet
  fireEvent.click(screen.getByRole('checkbox'));
  await waitFor(() => expect(proceed().disabled).toBe(false));
  fireEvent.click(proceed());
}

describe('WithdrawForm', () => {
  it('sends the saved address, toasts and shows the success modal', async () => {
    const result = { data: { requestWithdrawal: { __typename: 'Transaction', id: 't1', status: 'PENDING' } } };
    renderWithProviders(<WithdrawForm account={account} />, { mocks: [{ request, result }] });
    await fillAndSubmit();
    expect(await screen.findByText('Withdrawal request sent')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal request received' });
    // It says what happens next: an administrator reviews and sends it (not "processed immediately").
    expect(dialog.textContent).toContain(WITHDRAWAL_NEXT_STEPS);
    expect(dialog.textContent).toMatch(/administrator reviews it/);
    expect(dialog.textContent).not.toMatch(/immediately/);
  });

  it('puts a server field error under its field and toasts it', async () => {
    const message = 'The amount is more than your available balance ($49.75)';
    const result = {
      errors: [{ message, extensions: { code: 'CONFLICT', fields: [{ field: 'amount', message }] } }],
    };
    renderWithProviders(<WithdrawForm account={account} />, { mocks: [{ request, result }] });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2)); // toast + helper text
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the server's `wallet` error (a cooling address) under the Wallet select", async () => {
    const message = 'This address was changed recently: it can receive withdrawals from 2026-11-23 14:05 UTC';
    const result = {
      errors: [{ message, extensions: { code: 'CONFLICT', fields: [{ field: 'wallet', message }] } }],
    };
    renderWithProviders(<WithdrawForm account={account} />, { mocks: [{ request, result }] });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    const describedBy = screen.getByRole('combobox', { name: 'Wallet' }).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').find((id) => id.endsWith('helper-text'))!)?.textContent).toBe(
      message,
    );
  });

  it('shows what is available and refuses more before asking the server', async () => {
    renderWithProviders(<WithdrawForm account={account} />); // no mocks: any request would fail the test
    expect(screen.getByText('Available $1,234.50 \u00b7 minimum $10.00')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull(); // no locked bonus, no bonus line
    fireEvent.change(amountField(), { target: { value: '1234.51' } });
    fireEvent.blur(amountField());
    expect(await screen.findByText('The amount is more than your available balance ($1,234.50)')).toBeTruthy();
    fireEvent.click(openWallets()[0]);
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.getByRole('checkbox')).toHaveProperty('checked', true));
    expect(proceed().disabled).toBe(true);
    fireEvent.change(amountField(), { target: { value: '1234.50' } });
    await waitFor(() => expect(proceed().disabled).toBe(false));
  });

  it("checks the amount by the shared withdrawal rule and shows that rule's messages", async () => {
    renderWithProviders(<WithdrawForm account={account} />);
    expect(screen.getByText('Available $1,234.50 \u00b7 minimum $10.00')).toBeTruthy();
    for (const [typed, message] of [
      ['abc', MSG.amountNotNumber],
      ['9.50', withdrawalMinMessage('$10.00')], // the spec's "3 characters" let this through
      ['40.505', MSG.amountTwoDecimals],
      ['0', MSG.amountNotPositive],
    ]) {
      fireEvent.change(amountField(), { target: { value: typed } });
      fireEvent.blur(amountField());
      await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
      expect(amountField().getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.change(amountField(), { target: { value: '40' } }); // two characters, and fine
    await waitFor(() => expect(amountField().getAttribute('aria-invalid')).toBe('false'));
  });

  it('explains a locked signup bonus and names it when the amount is above what is available', async () => {
    const locked = accountWith({ balance: '100.00000', available: '0.00000', lockedBonus: '100.00000' });
    renderWithProviders(<WithdrawForm account={locked} />);
    expect(screen.getByRole('note').textContent).toBe('Your $100.00 bonus unlocks with your first deposit');
    expect(screen.getByText('Available $0.00 \u00b7 minimum $10.00')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '40.00' } });
    fireEvent.blur(amountField());
    expect(
      await screen.findByText(
        'The amount is more than your available balance ($0.00); your $100.00 bonus unlocks with your first deposit',
      ),
    ).toBeTruthy();
  });

  it('shows a cooling-down address disabled with when it becomes usable, and never selects it', async () => {
    const usableFrom = '2099-11-23T14:05:00.000Z';
    const cooling = accountWith({
      withdrawalAddresses: [saved('bitcoin', address), saved('usdt', usdtAddress, usableFrom)],
    });
    renderWithProviders(<WithdrawForm account={cooling} />);
    // Issue 33: a coin's first address waits too once money is in, so the rule names any address.
    expect(
      screen.getByText(
        'For your safety, an address added or changed after your first deposit can receive withdrawals only 24 hours later.',
      ),
    ).toBeTruthy();
    const [bitcoin, usdt] = openWallets();
    expect(bitcoin.getAttribute('aria-disabled')).toBeNull();
    expect(usdt.getAttribute('aria-disabled')).toBe('true');
    const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(usableFrom),
    );
    expect(within(usdt).getByText(`usable from ${when}`)).toBeTruthy();
    fireEvent.click(usdt);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('input[name="crypto"]')?.value).toBe(''));
    fireEvent.click(bitcoin); // a usable one still can be picked
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('input[name="crypto"]')?.value).toBe('bitcoin'),
    );
  });
});

describe('WithdrawForm in German and Spanish (issue 39)', () => {
  /** $1,234.50 available of a $1,334.50 balance ($100 bonus still locked), one usable bitcoin address. */
  const account = accountWith({ balance: '1334.50000', lockedBonus: '100.00000' });
  /** Intl's no-break spaces ("1.234,50 $") as the text matchers see them. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
  /** The amount field's message or hint. */
  const helper = (field: HTMLElement) =>
    plain(
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(''),
    );

  it('German: reads "1.040,50", refuses a guess, and says the limits in German money', async () => {
    const sent = {
      query: RequestWithdrawalDocument,
      variables: withIdempotencyKey({ input: { amount: '1040.50', crypto: 'bitcoin', wallet: address } }),
    };
    const result = { data: { requestWithdrawal: { __typename: 'Transaction', id: 't1', status: 'PENDING' } } };
    renderWithProviders(<WithdrawForm account={account} />, { locale: 'de', mocks: [{ request: sent, result }] });
    const amount = screen.getByRole('textbox', { name: 'Betrag ($)' });
    expect(helper(amount)).toBe('Verfügbar 1.234,50 $ · Minimum 10,00 $');
    expect(plain(screen.getByRole('note').textContent)).toBe(
      'Dein Bonus von 100,00 $ wird mit deiner ersten Einzahlung freigeschaltet',
    );

    fireEvent.change(amount, { target: { value: '40.50' } }); // "." groups thousands in German: not read as 40.50
    fireEvent.blur(amount);
    await waitFor(() => expect(helper(amount)).toBe('gib den Betrag in Dollar ein, z. B. 40 oder 40,50'));
    fireEvent.change(amount, { target: { value: '1.300' } });
    await waitFor(() =>
      expect(helper(amount)).toBe(
        'Der Betrag übersteigt dein verfügbares Guthaben (1.234,50 $); dein Bonus von 100,00 $ wird mit deiner ersten Einzahlung freigeschaltet',
      ),
    );
    fireEvent.change(amount, { target: { value: '5' } });
    await waitFor(() =>
      expect(helper(amount)).toBe('der Betrag ist zu klein: die kleinste Auszahlung beträgt 10,00 $'),
    );

    fireEvent.change(amount, { target: { value: '1.040,50' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Wallet' }));
    fireEvent.click(within(screen.getByRole('listbox')).getAllByRole('option')[0]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ich bestätige, dass Betrag und Wallet-Adresse stimmen' }));
    const proceed = screen.getByRole('button', { name: 'Weiter' }) as HTMLButtonElement;
    await waitFor(() => expect(proceed.disabled).toBe(false));
    fireEvent.click(proceed);
    expect(await screen.findByText('Auszahlungsanfrage gesendet')).toBeTruthy(); // the request sent "1040.50"
    expect(await screen.findByRole('dialog', { name: 'Auszahlungsanfrage eingegangen' })).toBeTruthy();
  });

  it('Spanish: "40,50" is $40.50, and English keeps reading "40.50"', async () => {
    const { unmount } = renderWithProviders(<WithdrawForm account={account} />, { locale: 'es' });
    const amount = screen.getByRole('textbox', { name: 'Importe ($)' });
    expect(helper(amount)).toBe('Disponible 1234,50 US$ · mínimo 10,00 US$');
    fireEvent.change(amount, { target: { value: '40,50' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('false'));
    unmount();

    renderWithProviders(<WithdrawForm account={account} />);
    const english = screen.getByRole('textbox', { name: 'Amount ($)' });
    fireEvent.change(english, { target: { value: '40,50' } });
    fireEvent.blur(english);
    await waitFor(() => expect(helper(english)).toBe('enter the amount in dollars, e.g. 40 or 40.50'));
  });
});
