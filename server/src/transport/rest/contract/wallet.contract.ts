import { z } from 'zod';
import { operation } from './operation';
import { maybe } from './shapes';

/** GET /api/wallets: the operator's deposit addresses (SPEC §7). */
export const listWallets = operation({
  id: 'listWallets',
  method: 'get',
  path: '/wallets',
  tag: 'Wallets',
  summary: "The operator's deposit addresses for an exchange",
  description: 'An unknown exchange answers an empty list.',
  auth: 'public',
  query: z.object({ exchange: z.string().optional().meta({ description: 'Exchange code (default TW)' }) }),
  ok: {
    status: 200,
    data: z.array(
      z
        .strictObject({
          name: z.string().meta({ description: 'Coin name, lower case' }),
          value: z.string().meta({ description: 'The deposit address' }),
          imageUrl: maybe(z.string()).meta({ description: "The operator's QR image, if given" }),
          qrCode: z.string().meta({ description: "QR image of the address: the operator's image, or an SVG data URL" }),
        })
        .meta({ id: 'Wallet' }),
    ),
  },
});
