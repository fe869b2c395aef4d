import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { InvestForm } from './InvestForm';
import { INVEST_AMOUNT_MSG } from './investAmount';

const starter = { name: 'Starter', minAmount: '150.00000', maxAmount: '4999.00000' };
const gold = { name: 'Gold', minAmount: '10000.00000', maxAmount: '30000.00000' };
const STARTER_RANGE = 'The Starter plan takes deposits between $150.00 and $4,999.00';

const amountField = () => screen.getByRole('textbox', { name: 'Amount ($)' });
const proceed = () => screen.getByRole('button', { name: 'proceed' }) as HTMLButtonElement;

/** Types `value` into the amount and leaves the field, as a person does. */
function typeAmount(value: string) {
  fireEvent.change(amountField(), { target: { value } });
  fireEvent.blur(amountField());
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
