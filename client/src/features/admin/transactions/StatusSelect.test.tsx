import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { SetTransactionStatusDocument } from '../../../generated/graphql';
import { CopyWallet } from '../components/CopyWallet';
import { StatusSelect } from './StatusSelect';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';

const label = "Status of Ada Lovelace's deposit";

describe('StatusSelect', () => {
  it('asks for an optional reason before declining, sends it, and shows the old status again on a refusal', async () => {
    const error = new GraphQLError('This change would make an account balance negative', {
      extensions: { code: 'CONFLICT' },
    });
    renderWithProviders(
      <StatusSelect id="t1" status="CONFIRMED" label={label} what="deposit" onChanged={jest.fn()} />,
      {
        mocks: [
          {
            request: {
              query: SetTransactionStatusDocument,
              variables: withIdempotencyKey({ id: 't1', status: 'DECLINED', reason: 'Payment not found on chain' }),
            },
            result: { errors: [error] },
          },
        ],
      },
    );
    const select = screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'DECLINED' } });
    const dialog = await screen.findByRole('dialog', { name: 'Decline this deposit?' });
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
    renderWithProviders(
      <StatusSelect id="t1" status="DECLINED" label={label} what="withdrawal" onChanged={onChanged} />,
      {
        mocks: [
          {
            request: {
              query: SetTransactionStatusDocument,
              variables: withIdempotencyKey({ id: 't1', status: 'PENDING' }),
            },
            result,
          },
        ],
      },
    );
    const select = screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'PENDING' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select.value).toBe('DECLINED');

    fireEvent.change(select, { target: { value: 'PENDING' } });
    const dialog = await screen.findByRole('dialog', { name: 'Set this withdrawal back to pending?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set to pending' }));
    expect(await screen.findByText('transaction updated')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('confirms at once, without a dialog, and toasts transaction updated', async () => {
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
    renderWithProviders(<StatusSelect id="t1" status="PENDING" label={label} onChanged={onChanged} />, {
      mocks: [
        {
          request: {
            query: SetTransactionStatusDocument,
            variables: withIdempotencyKey({ id: 't1', status: 'CONFIRMED' }),
          },
          result,
        },
      ],
    });
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: 'CONFIRMED' } });
    expect(await screen.findByText('transaction updated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChanged).toHaveBeenCalled();
  });
});

describe('CopyWallet', () => {
  afterEach(() => jest.useRealTimers());

  it('cuts the address to 20 characters and says Copied! for 1.5 s', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    renderWithProviders(<CopyWallet address={address} />);
    expect(screen.getByText('bc1qxy2kgdygjrsqtzq2\u2026')).toBeTruthy();
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith(address);
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1499));
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});
