import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RequestWithdrawalDocument, type AccountQuery } from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
import { WithdrawForm } from './WithdrawForm';

const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
/** Intl's no-break spaces ("1.234,50 $") as the text matchers see them. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** $1,234.50 available of a $1,334.50 balance ($100 bonus still locked), one usable bitcoin address. */
const account = {
  __typename: 'Account',
  id: 'a1',
  balance: '1334.50000',
  available: '1234.50000',
  lockedBonus: '100.00000',
  wallet: { __typename: 'WithdrawalAddresses', bitcoin: address, ethereum: null, litecoin: '', usdt: null },
  withdrawalAddresses: [{ __typename: 'SavedAddressType', coin: 'bitcoin', address, usableFrom: null }],
} as unknown as AccountQuery['account'];

/** The amount field's message or hint. */
const helper = (field: HTMLElement) =>
  plain(
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(''),
  );

describe('WithdrawForm in German and Spanish (issue 39)', () => {
  it('German: reads "1.040,50", refuses a guess, and says the limits in German money', async () => {
    const request = {
      query: RequestWithdrawalDocument,
      variables: withIdempotencyKey({ input: { amount: '1040.50', crypto: 'bitcoin', wallet: address } }),
    };
    const result = { data: { requestWithdrawal: { __typename: 'Transaction', id: 't1', status: 'PENDING' } } };
    renderWithProviders(<WithdrawForm account={account} />, { locale: 'de', mocks: [{ request, result }] });
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
