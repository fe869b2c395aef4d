import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { SetTransactionStatusDocument } from '../../../generated/graphql';
import { StatusSelect } from './StatusSelect';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';

const label = "Status of Ada Lovelace's deposit";
/** A transaction as the admin list gives it to the select. */
const transaction = (status: 'PENDING' | 'CONFIRMED' | 'DECLINED', trxType = 'DEPOSIT', extra: object = {}) => ({
  id: 't1',
  status,
  trxType,
  amount: '12000.00',
  crypto: 'bitcoin',
  owner: 'Ada Lovelace',
  origin: 'INVESTOR' as const,
  transactionId: null,
  cryptoAmount: null,
  chainHold: null,
  chainCheck: null,
  ...extra,
});
/** What the server answers to a status change. */
const changed = (status: string, extra: object = {}) => ({
  data: {
    setTransactionStatus: {
      __typename: 'Transaction',
      id: 't1',
      status,
      updatedAt: '2026-01-02T10:00:00.000Z',
      transactionId: null,
      payoutFee: null,
      chainCheck: null,
      ...extra,
    },
  },
});
/** A refusal tied to one of the dialog's fields, as the server sends it (extensions.fields). */
const fieldError = (field: string, message: string, code = 'BAD_USER_INPUT') =>
  new GraphQLError(message, { extensions: { code, fields: [{ field, message }] } });
const wrongAddress = {
  __typename: 'ChainCheck',
  result: 'WRONG_ADDRESS' as const,
  confirmations: 12,
  coinAmount: '0.2',
  address: 'bc1qsomeoneelse0000000000000000000000000',
  checkedAt: '2026-01-02T09:00:00.000Z',
};

describe('StatusSelect', () => {
  it('asks for an optional reason before declining, sends it, and shows the old status again on a refusal', async () => {
    const error = new GraphQLError('This change would make an account balance negative', {
      extensions: { code: 'CONFLICT' },
    });
    renderWithProviders(<StatusSelect transaction={transaction('CONFIRMED')} onChanged={jest.fn()} />, {
      mocks: [
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({ id: 't1', status: 'DECLINED', reason: 'Payment not found on chain' }),
          },
          result: { errors: [error] },
        },
      ],
    });
    const select = screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'DECLINED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Decline this deposit?' });
    // Leaving CONFIRMED takes the deposit back: the dialog says so before anything is sent.
    expect(
      within(dialog).getByText("This takes $12,000.00 back from Ada Lovelace's investment and Bitcoin balance."),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the investor, optional)'), {
      target: { value: '  Payment not found on chain ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('This change would make an account balance negative')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('CONFIRMED'));
  });

  it('sends no reason when it is left empty, and cancelling changes nothing', async () => {
    const onChanged = jest.fn();
    const result = changed('PENDING');
    renderWithProviders(<StatusSelect transaction={transaction('DECLINED', 'WITHDRAWAL')} onChanged={onChanged} />, {
      mocks: [
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({ id: 't1', status: 'PENDING' }),
          },
          result,
        },
      ],
    });
    const select = screen.getByRole('combobox', { name: "Status of Ada Lovelace's withdrawal" }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'PENDING' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select.value).toBe('DECLINED');

    fireEvent.change(select, { target: { value: 'PENDING' } });
    const dialog = await screen.findByRole('dialog', { name: 'Set this withdrawal back to pending?' });
    expect(within(dialog).getByText('No money moves: only the status changes.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set to pending' }));
    expect(await screen.findByText('transaction updated')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('asks before confirming, stating the credit, and sends the optional reason', async () => {
    const onChanged = jest.fn();
    const result = changed('CONFIRMED');
    renderWithProviders(<StatusSelect transaction={transaction('PENDING')} onChanged={onChanged} />, {
      mocks: [
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({ id: 't1', status: 'CONFIRMED', reason: 'Seen on chain' }),
          },
          result,
        },
      ],
    });
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: 'CONFIRMED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this deposit?' });
    expect(
      within(dialog).getByText("This credits $12,000.00 to Ada Lovelace's investment and Bitcoin balance."),
    ).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled(); // nothing is sent before the dialog is answered
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the investor, optional)'), {
      target: { value: 'Seen on chain' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('transaction updated')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('requires a reason to confirm a deposit paid elsewhere, shows the evidence, sends the reason', async () => {
    const onChanged = jest.fn();
    const deposit = transaction('PENDING', 'DEPOSIT', {
      transactionId: '0xabc123',
      cryptoAmount: '0.25',
      chainCheck: wrongAddress,
    });
    renderWithProviders(<StatusSelect transaction={deposit} onChanged={onChanged} />, {
      mocks: [
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({
              id: 't1',
              status: 'CONFIRMED',
              reason: 'Paid from the exchange, see ticket 42',
            }),
          },
          result: changed('CONFIRMED'),
        },
      ],
    });
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: 'CONFIRMED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this deposit?' });
    const evidence = within(dialog).getByRole('region', { name: 'On chain' });
    expect(within(evidence).getByText('Wrong address')).toBeTruthy();
    expect(within(evidence).getByText('0.2 Bitcoin')).toBeTruthy(); // paid
    expect(within(evidence).getByText('0.25 Bitcoin')).toBeTruthy(); // claimed
    expect(within(evidence).getByText(wrongAddress.address)).toBeTruthy();
    expect(
      within(dialog).getByText('The chain does not back this deposit: say why you confirm it anyway'),
    ).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (shown to the investor)' });
    expect((reason as HTMLTextAreaElement).required).toBe(true);
    fireEvent.change(reason, { target: { value: '   ' } });
    await waitFor(() => expect(submit.disabled).toBe(true)); // blanks are no reason
    fireEvent.change(reason, { target: { value: 'Paid from the exchange, see ticket 42' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('transaction updated')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's CONFLICT on the reason under the field and keeps the dialog open", async () => {
    const message = 'The chain does not back this deposit (NOT_FOUND): give a reason to confirm it anyway';
    const deposit = transaction('PENDING', 'DEPOSIT', { transactionId: '0xabc123' }); // not looked up when listed
    renderWithProviders(<StatusSelect transaction={deposit} onChanged={jest.fn()} />, {
      mocks: [
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({ id: 't1', status: 'CONFIRMED' }),
          },
          result: { errors: [fieldError('reason', message, 'CONFLICT')] },
        },
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({ id: 't1', status: 'CONFIRMED', reason: 'Seen in the exchange' }),
          },
          result: changed('CONFIRMED'),
        },
      ],
    });
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: 'CONFIRMED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this deposit?' });
    expect(within(dialog).getByText('Not looked up on chain yet.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const reason = await within(dialog).findByRole('textbox', { name: 'Reason (shown to the investor)' });
    expect(within(dialog).getByText(message)).toBeTruthy(); // under the field (and toasted)
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const submit = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'Seen in the exchange' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('transaction updated')).toBeTruthy();
  });

  it('says when a coin is not checked on chain, and the reason stays optional', async () => {
    const deposit = transaction('PENDING', 'DEPOSIT', {
      transactionId: '0xabc123',
      chainCheck: { ...wrongAddress, result: 'UNCHECKED', confirmations: null, coinAmount: null, address: null },
    });
    renderWithProviders(<StatusSelect transaction={deposit} onChanged={jest.fn()} />);
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: 'CONFIRMED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this deposit?' });
    expect(within(dialog).getByText('Not checked on chain (no chain configured for this coin)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason (shown to the investor, optional)')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends a withdrawal's payout id and fee, and shows the server's error under the fee", async () => {
    const payout = { id: 't1', status: 'CONFIRMED', payoutTxid: '0xfeedbeef01' };
    renderWithProviders(
      <StatusSelect transaction={transaction('PENDING', 'WITHDRAWAL', { amount: '500.00' })} onChanged={jest.fn()} />,
      {
        mocks: [
          {
            request: {
              query: SetTransactionStatusDocument,
              variables: withIdempotencyKey({ ...payout, payoutFee: '600' }),
            },
            result: { errors: [fieldError('payoutFee', 'The fee must be less than the withdrawal')] },
          },
          {
            request: {
              query: SetTransactionStatusDocument,
              variables: withIdempotencyKey({ ...payout, payoutFee: '1.50' }),
            },
            result: changed('CONFIRMED', { transactionId: '0xfeedbeef01', payoutFee: '1.50' }),
          },
        ],
      },
    );
    fireEvent.change(screen.getByRole('combobox', { name: "Status of Ada Lovelace's withdrawal" }), {
      target: { value: 'CONFIRMED' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this withdrawal?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Payout transaction id' }), {
      target: { value: ' 0xfeedbeef01 ' },
    });
    const fee = within(dialog).getByRole('textbox', { name: 'Fee (USD)' });
    fireEvent.change(fee, { target: { value: '1.505' } });
    fireEvent.blur(fee);
    expect(await within(dialog).findByText('The fee is a dollar amount with at most 2 decimals')).toBeTruthy();
    fireEvent.change(fee, { target: { value: '600' } });
    const submit = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() =>
      expect(within(dialog).getAllByText('The fee must be less than the withdrawal').length).toBeGreaterThan(0),
    );
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(fee, { target: { value: '$1.50' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('transaction updated')).toBeTruthy();
  });
});

describe('StatusSelect in German', () => {
  it('asks in German, says the effect with German money and reads a fee typed the German way', async () => {
    const variables = { id: 't1', status: 'CONFIRMED', payoutTxid: '0xfeedbeef01', payoutFee: '1234.50' };
    const withdrawal = transaction('PENDING', 'WITHDRAWAL', { amount: '1500.00', crypto: 'usdt' });
    renderWithProviders(<StatusSelect transaction={withdrawal} onChanged={jest.fn()} />, {
      locale: 'de',
      mocks: [
        {
          request: { query: SetTransactionStatusDocument, variables: withIdempotencyKey(variables) },
          result: changed('CONFIRMED', { transactionId: '0xfeedbeef01', payoutFee: '1234.50' }),
        },
      ],
    });
    const select = screen.getByRole('combobox', { name: 'Status der Auszahlung von Ada Lovelace' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['AUSSTEHEND', 'BESTÄTIGT', 'ABGELEHNT']);
    fireEvent.change(select, { target: { value: 'CONFIRMED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Diese Auszahlung bestätigen?' });
    expect(
      within(dialog).getByText(/^Damit werden 1\.500,00\s\$ vom Kontostand von Ada Lovelace abgebucht\.$/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Transaktions-ID der Auszahlung' }), {
      target: { value: '0xfeedbeef01' },
    });
    const fee = within(dialog).getByRole('textbox', { name: 'Gebühr (USD)' });
    fireEvent.change(fee, { target: { value: '1,505' } });
    fireEvent.blur(fee);
    expect(
      await within(dialog).findByText('Die Gebühr ist ein Dollarbetrag mit höchstens 2 Nachkommastellen'),
    ).toBeTruthy();
    fireEvent.change(fee, { target: { value: '1.234,50' } });
    const submit = within(dialog).getByRole('button', { name: 'Bestätigen' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Transaktion aktualisiert')).toBeTruthy();
  });
});
