import type { ChainConfig, ChainName, ChainSettings } from '../../kernel/chain-settings';

/** A coin as it moves on one chain: the chain's own currency, or an ERC-20 token at `contract`. */
export interface ChainAsset {
  /** The coin's name in transactions and account buckets: bitcoin, ethereum, usdt, bnb. */
  coin: string;
  chain: ChainSettings;
  /** Decimal places of the smallest unit on the chain: 8 (satoshi), 18 (wei), 6 (USDT). */
  decimals: number;
  /** The token contract (lower case); null for the chain's own currency. */
  contract: string | null;
  /** What the investor is told to send on, e.g. "Ethereum (ERC-20)". */
  network: string;
}

/** Each chain's own currency and the name of its network as investors know it. */
const NATIVE: Record<ChainName, { coin: string; decimals: number; network: string }> = {
  btc: { coin: 'bitcoin', decimals: 8, network: 'Bitcoin' },
  eth: { coin: 'ethereum', decimals: 18, network: 'Ethereum' },
  bsc: { coin: 'bnb', decimals: 18, network: 'BNB Smart Chain (BEP-20)' },
};

/** USDT's decimals on Ethereum (Tether's contract). */
const USDT_DECIMALS = 6;

/** Every coin the configured chains carry: each chain's own currency, plus USDT where its contract is set. */
export function chainAssets(config: ChainConfig): ChainAsset[] {
  return config.chains.flatMap((chain) => {
    const native = NATIVE[chain.name];
    const assets: ChainAsset[] = [{ ...native, chain, contract: null }];
    if (chain.usdtContract)
      assets.push({
        coin: 'usdt',
        chain,
        decimals: USDT_DECIMALS,
        contract: chain.usdtContract,
        network: 'Ethereum (ERC-20)',
      });
    return assets;
  });
}

/** The asset that carries `coin`, or null when no configured chain does (its deposits stay manual). */
export function assetOfCoin(config: ChainConfig, coin: string): ChainAsset | null {
  return chainAssets(config).find((a) => a.coin === coin) ?? null;
}
