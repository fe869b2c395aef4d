import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SetTransactionStatusDocument } from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
import { StatusSelect } from './StatusSelect';

const withdrawal = {
  id: 't1',
  status: 'PENDING' as const,
  trxType: 'WITHDRAWAL',
  amount: '1500.00',
  crypto: 'usdt',
  owner: 'Ada Lovelace',
  origin: 'INVESTOR' as const,
  transactionId: null,
  cryptoAmount: null,
  chainHold: null,
  chainCheck: null,
};

describe('StatusSelect in German', () => {
  it('asks in German, says the effect with German money and reads a fee typed the German way', async () => {
    const variables = { id: 't1', status: 'CONFIRMED', payoutTxid: '0xfeedbeef01', payoutFee: '1234.50' };
    renderWithProviders(<StatusSelect transaction={withdrawal} onChanged={jest.fn()} />, {
      locale: 'de',
      mocks: [
        {
          request: { query: SetTransactionStatusDocument, variables: withIdempotencyKey(variables) },
          result: {
            data: {
              setTransactionStatus: {
                __typename: 'Transaction',
                id: 't1',
                status: 'CONFIRMED',
                updatedAt: '2026-01-02T10:00:00.000Z',
                transactionId: '0xfeedbeef01',
                payoutFee: '1234.50',
                chainCheck: null,
              },
            },
          },
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
