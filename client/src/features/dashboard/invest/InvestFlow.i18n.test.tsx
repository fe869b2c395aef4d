import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CreateDepositIntentDocument, MyTransactionsDocument } from '../../../generated/graphql';
import { ConfirmDialog } from './ConfirmDialog';
import { DepositStep } from './DepositStep';
import { formatClock, PROGRESS_PAGE } from './depositProgress';
import { InvestForm } from './InvestForm';
import { PlanPicker, type Plan } from './PlanPicker';

/** Intl's no-break spaces ("1.500,00 $") as the text matchers see them. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const starter = { name: 'Starter', minAmount: '150.00000', maxAmount: '4999.00000' };
const amountField = (name: string) => screen.getByRole('textbox', { name });

/** Types `value` into the amount and leaves the field, as a person does. */
function typeAmount(name: string, value: string) {
  fireEvent.change(amountField(name), { target: { value } });
  fireEvent.blur(amountField(name));
}

describe('the invest flow in German and Spanish (issue 39)', () => {
  it('German: the plans, the range, and an amount typed with German separators', async () => {
    const plans = [
      {
        __typename: 'Plan',
        id: 'p1',
        name: 'Starter',
        minAmount: '150.00',
        maxAmount: '4999.00',
        profitPercent: '10.00',
        durationHours: 24,
      },
    ] as unknown as Plan[];
    const onProceed = jest.fn();
    renderWithProviders(
      <>
        <PlanPicker plans={plans} selectedId="p1" onSelect={jest.fn()} />
        <InvestForm coins={['bitcoin']} defaultCoin="bitcoin" plan={starter} onProceed={onProceed} />
      </>,
      { locale: 'de' },
    );
    expect(screen.getByRole('heading', { name: 'Wähle einen Tarif' })).toBeTruthy();
    expect(screen.getByText('150 $ – 4.999 $')).toBeTruthy();
    expect(screen.getByText('Tarif Starter: 150 $ – 4.999 $')).toBeTruthy(); // the hint under the amount
    const proceed = () => screen.getByRole('button', { name: 'weiter' }) as HTMLButtonElement;

    typeAmount('Betrag ($)', '150,75');
    expect(await screen.findByText('gib ganze Dollar ohne Cent ein')).toBeTruthy();
    typeAmount('Betrag ($)', '1500.5'); // an English decimal point is not guessed at
    expect(await screen.findByText('gib den Betrag in Dollar nur mit Ziffern ein (z. B. 1500)')).toBeTruthy();
    typeAmount('Betrag ($)', '100');
    expect(
      await screen.findByText('Der Tarif Starter nimmt Einzahlungen zwischen 150,00 $ und 4.999,00 $ an'),
    ).toBeTruthy();

    typeAmount('Betrag ($)', '1.500');
    await waitFor(() => expect(proceed().disabled).toBe(false));
    expect(plain(screen.getByText('Gesamt:').textContent)).toBe('Gesamt: 1.500,00 $');
    fireEvent.click(proceed());
    await waitFor(() => expect(onProceed).toHaveBeenCalledWith({ crypto: 'bitcoin', amount: '1500' }));
  });

  it('Spanish: "1500,00" is 1500 whole dollars', async () => {
    const onProceed = jest.fn();
    renderWithProviders(<InvestForm coins={['bitcoin']} defaultCoin="bitcoin" plan={starter} onProceed={onProceed} />, {
      locale: 'es',
    });
    typeAmount('Importe ($)', '1500,00');
    const proceed = screen.getByRole('button', { name: 'continuar' }) as HTMLButtonElement;
    await waitFor(() => expect(proceed.disabled).toBe(false));
    expect(plain(screen.getByText('Total:').textContent)).toBe('Total: 1500,00 US$');
    fireEvent.click(proceed);
    await waitFor(() => expect(onProceed).toHaveBeenCalledWith({ crypto: 'bitcoin', amount: '1500' }));
  });

  it('German: the confirmation dialog', () => {
    renderWithProviders(
      <ConfirmDialog open plan="Starter" amount="1500" crypto="bitcoin" onCancel={jest.fn()} onConfirm={jest.fn()} />,
      { locale: 'de' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Bestätige deine Investition' });
    expect(plain(dialog.textContent)).toContain('Betrag1.500,00 $');
    expect(within(dialog).getByRole('button', { name: 'Weiter zur Einzahlung' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it('German: the deposit step, its quote and the payment progress', async () => {
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const intent = {
      request: {
        query: CreateDepositIntentDocument,
        variables: { input: { crypto: 'bitcoin', planId: 'p1', amount: '1500' } },
      },
      result: {
        data: {
          createDepositIntent: {
            __typename: 'DepositAddress',
            crypto: 'bitcoin',
            address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
            network: 'Bitcoin',
            qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
            ownAddress: true,
            confirmations: 2,
            quote: {
              __typename: 'DepositQuote',
              planId: 'p1',
              plan: 'Starter',
              amount: '1500.00',
              coinAmount: '0.02307693',
              price: '65000',
              expiresAt,
            },
          },
        },
      },
    };
    const none = {
      request: { query: MyTransactionsDocument, variables: PROGRESS_PAGE },
      result: { data: { myTransactions: { __typename: 'TransactionPage', ...PROGRESS_PAGE, total: 0, items: [] } } },
    };
    renderWithProviders(
      <DepositStep
        planId="p1"
        planName="Starter"
        crypto="bitcoin"
        amount="1500"
        onCancel={jest.fn()}
        onDone={jest.fn()}
      />,
      { locale: 'de', mocks: [intent, none] },
    );
    expect(await screen.findByText('0.02307693 BTC')).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: (name) => plain(name) === '1.500,00 $ in Bitcoin einzahlen' }),
    ).toBeTruthy();
    expect(screen.getByText(`Kurs 65.000,00 $, Angebot gültig bis ${formatClock(expiresAt)} Uhr`)).toBeTruthy();
    expect(screen.getByText('Im Bitcoin-Netzwerk senden')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-Code der Bitcoin-Einzahlungsadresse' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adresse kopieren' })).toBeTruthy();
    const progress = screen.getByRole('region', { name: 'Deine Zahlung' });
    expect(within(progress).getByRole('status').textContent).toBe('Warten auf deine Zahlung…');
    expect(within(progress).getByText(/nach 2 Bestätigungen automatisch gutgeschrieben/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Schon von einer Börse gesendet/ }));
    expect(screen.getByRole('textbox', { name: 'Transaktions-ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einzahlung senden' })).toBeTruthy();
  });
});
