import { depositSchema } from '@cryptovest/common';
import { z } from 'zod';
import { ApiKeyScope, Role } from '../../../modules/user';
import { operation } from './operation';
import { DecimalText, Id, Instant, maybe, Money2 } from './shapes';

/** Where an investor sends a deposit in one coin (`DepositAddressView` without a quote). */
const DepositAddress = z
  .strictObject({
    crypto: z.string().meta({ description: 'Coin name, lower case' }),
    network: z.string().meta({ description: 'The network to send on, e.g. "Bitcoin" or "Ethereum (ERC-20)"' }),
    address: z.string(),
    qrCode: z.string().meta({ description: "QR image of the address (SVG data URL, or the operator's image)" }),
    ownAddress: z.boolean().meta({
      description:
        "True: the investor's own address, watched on chain (payments are found and credited); false: the " +
        "operator's shared address, submit the transaction id",
    }),
    confirmations: maybe(z.int()).meta({
      description: 'Confirmations the chain needs before crediting (own addresses)',
    }),
  })
  .meta({ id: 'DepositAddress' });

/** The coin amount to send for a deposit intent, quoted for DEPOSIT_QUOTE_MINUTES. */
const DepositQuote = z
  .strictObject({
    planId: Id,
    plan: z.string().meta({ description: 'Plan name' }),
    amount: Money2,
    coinAmount: maybe(DecimalText).meta({ description: 'USD / price, rounded up; null without a fresh price' }),
    price: maybe(DecimalText).meta({ description: 'USD price of one coin the quote used' }),
    expiresAt: Instant.meta({ description: 'Until when a payment goes into this plan' }),
  })
  .meta({ id: 'DepositQuote' });

const TAG = 'Deposit addresses';

/** GET /api/deposit-address: where the caller pays a deposit in a coin. */
export const getDepositAddress = operation({
  id: 'getDepositAddress',
  method: 'get',
  path: '/deposit-address',
  tag: TAG,
  summary: 'Where the caller sends a deposit in a coin',
  description:
    "With the coin's chain configured: the investor's own address (the same on every call), whose payments are " +
    "found and credited without a form. Otherwise the operator's shared address: submit the transaction id with " +
    'POST /api/transaction/create. 422 `crypto` "select a coin we accept".',
  auth: { role: Role.INVESTOR, scopes: [ApiKeyScope.ACCOUNT_READ] },
  query: z.object({ crypto: z.string().meta({ description: 'Coin name (bitcoin, ethereum, usdt, bnb, litecoin)' }) }),
  ok: { status: 200, data: DepositAddress },
  errors: [422],
});

/** POST /api/deposit-intent: the address with a quote for a chosen plan and amount (issue 35). */
export const createDepositIntent = operation({
  id: 'createDepositIntent',
  method: 'post',
  path: '/deposit-intent',
  tag: TAG,
  summary: 'Choose a plan and amount: the address to pay, with the coin amount quoted',
  description:
    'Checked as a deposit is (422 on `planId` or `amount` with the same words). A payment found on the address ' +
    'while the quote is valid goes into that plan.',
  auth: { role: Role.INVESTOR },
  body: { yup: depositSchema.pick(['planId', 'crypto', 'amount']) },
  ok: {
    status: 201,
    data: DepositAddress.extend({ quote: DepositQuote }).meta({ id: 'DepositAddressWithQuote' }),
  },
});
