import type { ChainConfig } from '../../kernel/chain-settings';
import { AppError } from '../../kernel/errors';
import { qrDataUrl, walletQrCode, type WalletService } from '../wallet';
import { assetOfCoin } from './chain-assets';
import type { DepositAddresses } from './deposit-addresses';
import type { DepositIntents } from './deposit-intents';
import type { DepositAddressView } from './deposit-address.view';

/** How the shared addresses' networks are named when no chain is configured for the coin. */
const SHARED_NETWORK: Record<string, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'Ethereum (ERC-20)',
  bnb: 'BNB Smart Chain (BEP-20)',
  litecoin: 'Litecoin',
};

/**
 * The address an investor pays a deposit in `crypto` to (GET /api/deposit-address, GraphQL
 * `depositAddress`): their own, watched address when the coin's chain is configured, else the
 * operator's shared address of the investor's exchange from WALLETS_FILE, as before chains were watched.
 */
export class DepositAddressService {
  constructor(
    private readonly chains: ChainConfig,
    private readonly addresses: DepositAddresses,
    private readonly wallets: WalletService,
    private readonly intents: DepositIntents,
  ) {}

  /**
   * A deposit intent (POST /api/deposit-intent, GraphQL `createDepositIntent`): the plan and USD
   * amount are checked as the deposit form checks them, the coin amount is quoted, and the address
   * to pay comes with it.
   */
  async withIntent(userId: string, input: unknown): Promise<DepositAddressView> {
    const quote = await this.intents.create(userId, input);
    const crypto = (input as { crypto?: unknown }).crypto;
    return { ...(await this.forInvestor(userId, crypto)), quote };
  }

  async forInvestor(userId: string, crypto: unknown): Promise<DepositAddressView> {
    if (typeof crypto !== 'string' || !crypto.trim()) throw AppError.field('crypto', 'select a coin we accept');
    const coin = crypto.trim().toLowerCase();
    const asset = assetOfCoin(this.chains, coin);
    if (asset) {
      const address = await this.addresses.assign(userId, asset.chain);
      return {
        crypto: coin,
        network: asset.network,
        address,
        qrCode: await qrDataUrl(address),
        ownAddress: true,
        confirmations: asset.chain.confirmations,
      };
    }
    const shared = (await this.wallets.list(await this.addresses.exchangeOf(userId))).find((w) => w.name === coin);
    if (!shared) throw AppError.field('crypto', 'select a coin we accept');
    return {
      crypto: coin,
      network: SHARED_NETWORK[coin] ?? coin,
      address: shared.address,
      qrCode: await walletQrCode(shared),
      ownAddress: false,
      confirmations: null,
    };
  }
}
