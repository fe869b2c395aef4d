import type { Router } from 'express';
import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import { route, sendData } from './respond';
import { type WalletService, walletQrCode } from '../../modules/wallet';

/** The services this adapter calls; the composition root passes them. */
export interface WalletRestDeps {
  wallets: WalletService;
}

/** GET /api/wallets?exchange=TW -> `{ data: [{ name, value, imageUrl, qrCode }] }` (SPEC §7). */
export function walletRoutes(router: Router, services: WalletRestDeps): void {
  router.get(
    '/wallets',
    route(async (req, res) => {
      const exchange =
        typeof req.query.exchange === 'string' && req.query.exchange ? req.query.exchange : DEFAULT_EXCHANGE;
      const wallets = await services.wallets.list(exchange);
      const entries = await Promise.all(
        wallets.map(async (w) => ({
          name: w.name,
          value: w.address,
          imageUrl: w.imageUrl,
          qrCode: await walletQrCode(w),
        })),
      );
      sendData(res, entries);
    }),
  );
}
