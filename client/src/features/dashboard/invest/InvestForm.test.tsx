import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { starterPlan } from '../../../test/dashboardFixtures';
import { ConfirmDialog } from './ConfirmDialog';
import { InvestForm } from './InvestForm';
import { INVEST_AMOUNT_MSG } from './investAmount';
import { PlanPicker, type Plan } from './PlanPicker';

const starter = { name: 'Starter', minAmount: '150.00000', maxAmount: '4999.00000' };
const gold = { name: 'Gold', minAmount: '10000.00000', maxAmount: '30000.00000' };
const STARTER_RANGE = 'The Starter plan takes deposits between $150.00 and $4,999.00';

const amountField = (name = 'Amount ($)') => screen.getByRole('textbox', { name });
const proceed = () => screen.getByRole('button', { name: 'proceed' }) as HTMLButtonElement;

/** Types `value` into the amount (labelled `name`) and leaves the field, as a person does. */
function typeAmount(value: string, name?: string) {
  fireEvent.change(amountField(name), { target: { value } });
  fireEvent.blur(amountField(name));
}

/** The form under a plan the test can switch, as the plan cards do on the page. */
function PlanSwitch() {
  const [plan, setPlan] = useState(starter);
  return (
    <>
      <button type="button" onClick={() => setPlan(gold)}>
        Gold
      </button>
      <InvestForm coins={['bitcoin']} defaultCoin="bitcoin" plan={plan} onProceed={jest.fn()} />
    </>
  );
}

describe('InvestForm', () => {
  it("checks the plan's range on the amount step and keeps proceed disabled until the amount fits", async () => {
    const onProceed = jest.fn();
    renderWithProviders(
      <InvestForm coins={['bitcoin', 'usdt']} defaultCoin="bitcoin" plan={starter} onProceed={onProceed} />,
    );
    expect(screen.getByText('Starter plan: $150 – $4,999')).toBeTruthy(); // the range, before any typing
    typeAmount('100');
    expect(await screen.findByText(STARTER_RANGE)).toBeTruthy();
    expect(proceed().disabled).toBe(true);
    typeAmount('150.75');
    expect(await screen.findByText(INVEST_AMOUNT_MSG.wholeDollars)).toBeTruthy();
    expect(proceed().disabled).toBe(true);
    typeAmount('abc');
    expect(await screen.findByText(INVEST_AMOUNT_MSG.notANumber)).toBeTruthy();
    expect(proceed().disabled).toBe(true);
    typeAmount('$1,500');
    await waitFor(() => expect(proceed().disabled).toBe(false));
    expect(screen.getByText('Total:').textContent).toBe('Total: $1,500.00');
    fireEvent.click(proceed());
    await waitFor(() => expect(onProceed).toHaveBeenCalledWith({ crypto: 'bitcoin', amount: '1500' }));
  });

  it('checks the typed amount again when another plan is chosen', async () => {
    renderWithProviders(<PlanSwitch />);
    typeAmount('1500');
    await waitFor(() => expect(proceed().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Gold' }));
    expect(await screen.findByText('The Gold plan takes deposits between $10,000.00 and $30,000.00')).toBeTruthy();
    expect(proceed().disabled).toBe(true);
  });

  it('names coins as people write them', () => {
    renderWithProviders(<InvestForm coins={['usdt']} defaultCoin="usdt" plan={undefined} onProceed={jest.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Coin' }).textContent).toBe('USDT');
    expect(proceed().disabled).toBe(true);
  });
});

describe('the invest flow in German and Spanish (issue 39)', () => {
  /** Intl's no-break spaces ("1.500,00 $") as the text matchers see them. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('German: the plans, the range, and an amount typed with German separators', async () => {
    const plans = [starterPlan] as unknown as Plan[];
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

    typeAmount('150,75', 'Betrag ($)');
    expect(await screen.findByText('gib ganze Dollar ohne Cent ein')).toBeTruthy();
    typeAmount('1500.5', 'Betrag ($)'); // an English decimal point is not guessed at
    expect(await screen.findByText('gib den Betrag in Dollar nur mit Ziffern ein (z. B. 1500)')).toBeTruthy();
    typeAmount('100', 'Betrag ($)');
    expect(
      await screen.findByText('Der Tarif Starter nimmt Einzahlungen zwischen 150,00 $ und 4.999,00 $ an'),
    ).toBeTruthy();

    typeAmount('1.500', 'Betrag ($)');
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
    typeAmount('1500,00', 'Importe ($)');
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
});
