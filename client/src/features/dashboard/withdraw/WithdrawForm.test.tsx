import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RequestWithdrawalDocument, type AccountQuery } from '../../../generated/graphql';
import { WithdrawForm } from './WithdrawForm';

const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const account = {
  __typename: 'Account',
  id: 'a1',
  balance: '100',
  wallet: { __typename: 'WithdrawalAddresses', bitcoin: address, ethereum: null, litecoin: '', usdt: null },
} as unknown as AccountQuery['account'];
const request = {
  query: RequestWithdrawalDocument,
  variables: { input: { amount: '50.25', crypto: 'bitcoin', wallet: address } },
};
const proceed = () => screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;

/** Fills amount, picks the only wallet, ticks agree and submits. */
async function fillAndSubmit() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Amount ($)' }), { target: { value: '50.25' } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Wallet' }));
  const options = within(screen.getByRole('listbox')).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([`bitcoin – ${address.slice(0, 35)}`]);
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
    expect(await screen.findByRole('dialog', { name: 'Withdrawal request received' })).toBeTruthy();
  });

  it('shows the server message of a CONFLICT', async () => {
    const message = 'The amount is more than your available balance ($49.75)';
    const result = { errors: [{ message, extensions: { code: 'CONFLICT' } }] };
    renderWithProviders(<WithdrawForm account={account} />, { mocks: [{ request, result }] });
    await fillAndSubmit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
