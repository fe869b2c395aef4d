import { DEFAULT_EXCHANGE } from '@cryptovest/common';
import type { RestApi } from './mount';
import * as ops from './contract/wallet.contract';
import { route, sendData } from './respond';
import { type WalletService, walletQrCode } from '../../modules/wallet';

/** The services this adapter calls; the composition root passes them. */
export interface WalletRestDeps {
  wallets: WalletService;
}

/** GET /api/wallets?exchange=TW -> `{ data: [{ name, value, imageUrl, qrCode }] }` (SPEC §7). */
export function walletRoutes(api: RestApi, services: WalletRestDeps): void {
  api.mount(
    ops.listWallets,
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
