import { renderWithProviders } from '../../../test/render'; // first: loads the jsdom polyfills
import { useApolloClient } from '@apollo/client/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CreateDepositDocument, CreateDepositIntentDocument, MyTransactionsDocument } from '../../../generated/graphql';
import { withIdempotencyKey } from '../../../test/withIdempotencyKey';
import { ACCOUNT_DOCUMENTS, refetchDocuments } from '../live/refetch';
import { DepositStep } from './DepositStep';
import { formatClock, PROGRESS_PAGE } from './depositProgress';

const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
const input = { crypto: 'bitcoin', planId: 'p1', amount: '1500' };

/** `createDepositIntent`'s answer: the own (watched) address by default. */
function intentMock(overrides: Record<string, unknown> = {}, quote: Record<string, unknown> = {}) {
  return {
    request: { query: CreateDepositIntentDocument, variables: { input } },
    result: {
      data: {
        createDepositIntent: {
          __typename: 'DepositAddress',
          crypto: 'bitcoin',
          address,
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
            ...quote,
          },
          ...overrides,
        },
      },
    },
  };
}

/** A deposit as `myTransactions` lists it. */
const deposit = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Transaction',
  id,
  createdAt: new Date().toISOString(),
  trxType: 'DEPOSIT',
  amount: '1500.00',
  crypto: 'bitcoin',
  plan: 'Starter',
  expectedProfit: '150.00',
  status: 'PENDING',
  imageUrl: null,
  transactionId: `txid-${id}`,
  wallet: null,
  origin: 'CHAIN',
  cryptoAmount: '0.02307693',
  chainHold: null,
  chainCheck: null,
  ...extra,
});

/** The newest transactions, as the deposit step asks for them. */
const page = (items: object[]) => ({
  request: { query: MyTransactionsDocument, variables: PROGRESS_PAGE },
  result: {
    data: {
      myTransactions: { __typename: 'TransactionPage', ...PROGRESS_PAGE, total: items.length, items },
    },
  },
});

/** What live updates do when the server says the account changed (LiveUpdates.test covers the socket). */
function AccountChanged() {
  const client = useApolloClient();
  return (
    <button type="button" onClick={() => refetchDocuments(client, ACCOUNT_DOCUMENTS)}>
      account changed
    </button>
  );
}

/** The step as InvestPage shows it after the confirm dialog. */
function renderStep(mocks: object[], onDone = jest.fn()) {
  renderWithProviders(
    <>
      <DepositStep planId="p1" planName="Starter" crypto="bitcoin" amount="1500" onCancel={jest.fn()} onDone={onDone} />
      <AccountChanged />
    </>,
    { mocks: mocks as never },
  );
  return onDone;
}

describe('DepositStep', () => {
  it('own address: the coin amount, network and address, then the payment live as the watcher records it', async () => {
    // A deposit credited before this step is not this step's payment.
    const earlier = deposit('t0', {
      status: 'CONFIRMED',
      chainCheck: { __typename: 'ChainCheck', result: 'VERIFIED', confirmations: 9 },
    });
    const seen = deposit('t1', { chainCheck: { __typename: 'ChainCheck', result: 'UNCONFIRMED', confirmations: 1 } });
    renderStep([intentMock(), page([earlier]), page([seen, earlier])]);

    expect(await screen.findByText('0.02307693 BTC')).toBeTruthy();
    expect(screen.getByText(`Price $65,000.00, quote valid until ${formatClock(expiresAt)}`)).toBeTruthy();
    expect(screen.getByText('Send on the Bitcoin network')).toBeTruthy();
    expect(screen.getByText(address)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of the Bitcoin deposit address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    const progress = screen.getByRole('region', { name: 'Your payment' });
    expect(within(progress).getByRole('status').textContent).toBe('Waiting for your payment…');
    expect(within(progress).getByText(/credited by itself after 2 confirmations/)).toBeTruthy();

    // The transaction id form is folded away.
    const toggle = screen.getByRole('button', { name: /Already sent from an exchange that doesn.t show up\?/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Transaction id' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'account changed' }));
    await waitFor(() =>
      expect(within(progress).getByRole('status').textContent).toBe('Payment seen: 1 of 2 confirmations'),
    );
    expect(within(progress).getByText('Received 0.02307693 BTC.')).toBeTruthy();
    expect(within(progress).getByRole('link', { name: 'Open its timeline' }).getAttribute('href')).toBe(
      '/dashboard/transactions/t1',
    );
  });

  it('shared address: the transaction id form, and the dollar amount when no price is known', async () => {
    renderStep([intentMock({ ownAddress: false, confirmations: null }, { coinAmount: null, price: null }), page([])]);
    expect(await screen.findByRole('textbox', { name: 'Transaction id' })).toBeTruthy();
    expect(
      screen.getByText('The Bitcoin price is unavailable right now: send $1,500.00 worth of Bitcoin.'),
    ).toBeTruthy();
    expect(screen.getByText('Send on the Bitcoin network')).toBeTruthy();
    expect(screen.getByText(address)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit deposit' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your payment' })).toBeNull();
    expect(screen.queryByText(/Waiting for your payment/)).toBeNull();
  });

  it('shared address with a price: the coin amount and network; the chosen proof previewed, removable (issue 38)', async () => {
    // jsdom has no object URLs: the browser's own is stood in for.
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:proof'), revokeObjectURL: jest.fn() });
    renderStep([intentMock({ ownAddress: false, confirmations: null }), page([])]);
    expect(await screen.findByText('0.02307693 BTC')).toBeTruthy();
    expect(screen.getByText('Send on the Bitcoin network')).toBeTruthy();

    const input = screen.getByLabelText('Proof of payment (optional)') as HTMLInputElement;
    const proof = new File([new Uint8Array(2048)], 'proof.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [proof] } });
    const preview = (await screen.findByRole('img', { name: 'Preview of proof.png' })) as HTMLImageElement;
    expect(preview.src).toBe('blob:proof');
    expect(screen.getByText('2 KB, sent with your deposit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove proof.png' }));
    expect(screen.queryByRole('img', { name: 'Preview of proof.png' })).toBeNull();
    expect(input.value).toBe('');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:proof');
  });

  it('after a manual submission: a receipt with the reference, what happens next and the timeline link', async () => {
    const transactionId = '0x9f3c2a7be1d04c55';
    const submit = {
      request: {
        query: CreateDepositDocument,
        variables: withIdempotencyKey({ input: { ...input, transactionId, imageUrl: undefined } }),
      },
      result: { data: { createDeposit: { __typename: 'Transaction', id: 't9', status: 'PENDING' } } },
    };
    const onDone = renderStep([intentMock({ ownAddress: false, confirmations: null }), page([]), submit]);
    const field = await screen.findByRole('textbox', { name: 'Transaction id' });
    fireEvent.change(field, { target: { value: transactionId } });
    fireEvent.blur(field);
    const button = screen.getByRole('button', { name: 'Submit deposit' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);

    const heading = await screen.findByRole('heading', { name: 'Deposit submitted' });
    expect(await screen.findByText('Deposit successful')).toBeTruthy(); // the toast stays
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('textbox', { name: 'Transaction id' })).toBeNull();
    expect(screen.getByText(transactionId)).toBeTruthy();
    expect(screen.getByText('$1,500.00 (0.02307693 BTC)')).toBeTruthy();
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText('Bitcoin, on the Bitcoin network')).toBeTruthy();
    expect(
      screen.getByText(/We check the transaction id on the chain; an admin then confirms your deposit/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow it on its timeline' }).getAttribute('href')).toBe(
      '/dashboard/transactions/t9',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to Invest' }));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('DepositStep in German (issue 39)', () => {
  /** Intl's no-break spaces ("1.500,00 $") as the text matchers see them. */
  const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('German: the deposit step, its quote and the payment progress', async () => {
    renderWithProviders(
      <DepositStep
        planId="p1"
        planName="Starter"
        crypto="bitcoin"
        amount="1500"
        onCancel={jest.fn()}
        onDone={jest.fn()}
      />,
      { locale: 'de', mocks: [intentMock(), page([])] },
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
