import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { SetTransactionStatusDocument } from '../../../generated/graphql';
import { StatusSelect } from './StatusSelect';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';

const label = "Status of Ada Lovelace's deposit";
/** A transaction as the admin list gives it to the select. */
const transaction = (status: 'PENDING' | 'CONFIRMED' | 'DECLINED', trxType = 'DEPOSIT') => ({
  id: 't1',
  status,
  trxType,
  amount: '12000.00',
  crypto: 'bitcoin',
  owner: 'Ada Lovelace',
});

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
      within(dialog).getByText("This takes $12,000 back from Ada Lovelace's investment and Bitcoin balance."),
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
    const result = {
      data: {
        setTransactionStatus: {
          __typename: 'Transaction',
          id: 't1',
          status: 'PENDING',
          updatedAt: '2026-01-02T10:00:00.000Z',
        },
      },
    };
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
    const result = {
      data: {
        setTransactionStatus: {
          __typename: 'Transaction',
          id: 't1',
          status: 'CONFIRMED',
          updatedAt: '2026-01-02T10:00:00.000Z',
        },
      },
    };
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
      within(dialog).getByText("This credits $12,000 to Ada Lovelace's investment and Bitcoin balance."),
    ).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled(); // nothing is sent before the dialog is answered
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the investor, optional)'), {
      target: { value: 'Seen on chain' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('transaction updated')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });
});
