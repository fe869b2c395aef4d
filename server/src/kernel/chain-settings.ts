import { int, type Env, type Problems } from './config-parse';

/** The chains a deposit can arrive on: Bitcoin, Ethereum and BNB Smart Chain. */
export const CHAIN_NAMES = ['btc', 'eth', 'bsc'] as const;
/** One of CHAIN_NAMES. */
export type ChainName = (typeof CHAIN_NAMES)[number];

/** How the server reads a chain: an Esplora HTTP API (Bitcoin) or an EVM node's JSON-RPC. */
export type ChainKind = 'bitcoin' | 'evm';

/** Bitcoin's address prefix: bc1 (mainnet), tb1 (testnet, signet), bcrt1 (regtest). */
export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

/** One chain the operator turned on: where to read it, the watch-only key, and when a payment counts. */
export interface ChainSettings {
  name: ChainName;
  kind: ChainKind;
  /** Esplora base URL (btc) or JSON-RPC URL (eth, bsc). */
  url: string;
  /** Account-level extended public key: addresses are its children 0/i. Never a private key. */
  xpub: string;
  /** Blocks on top of (and including) the payment's before it is credited. */
  confirmations: number;
  /** An explorer's link with `{txid}` in it, shown beside payouts; null when not set. */
  explorerTxUrl: string | null;
  /** ERC-20 USDT's contract on this chain (eth only), lower case; null: USDT is not watched. */
  usdtContract: string | null;
  /** Bitcoin only: the address prefix, from the key's prefix unless CHAIN_BTC_NETWORK says otherwise. */
  bitcoinNetwork: BitcoinNetwork | null;
}

/** Every chain setting: the chains that are on, and who confirms a detected deposit. */
export interface ChainConfig {
  chains: ChainSettings[];
  /** `auto`: a payment is credited at its confirmation count; `review`: an admin confirms it, with the evidence. */
  depositConfirmation: 'auto' | 'review';
  /** How long a deposit address's quote (plan, USD amount and coin amount) holds, in minutes. */
  quoteMinutes: number;
}

/** Each chain's variables, URL variable and defaults. */
const CHAINS: Record<ChainName, { kind: ChainKind; urlVar: string; confirmations: number }> = {
  btc: { kind: 'bitcoin', urlVar: 'CHAIN_BTC_ESPLORA_URL', confirmations: 2 },
  eth: { kind: 'evm', urlVar: 'CHAIN_ETH_RPC_URL', confirmations: 12 },
  bsc: { kind: 'evm', urlVar: 'CHAIN_BSC_RPC_URL', confirmations: 15 },
};

/** Prefixes of account-level public keys: xpub/zpub (mainnet), tpub/vpub (testnet and regtest). */
const PUBLIC_KEY_PREFIX = /^(xpub|zpub|tpub|vpub)[1-9A-HJ-NP-Za-km-z]{100,112}$/;
const PRIVATE_KEY_PREFIX = /^(xprv|zprv|tprv|vprv|yprv)/;

/** The extended key of CHAIN_<X>_XPUB: present, public, well-formed (its checksum is checked at derivation). */
function extendedPublicKey(env: Env, prefix: string, problems: Problems): string {
  const name = `${prefix}_XPUB`;
  const raw = (env[name] ?? '').trim();
  if (PRIVATE_KEY_PREFIX.test(raw))
    problems.add(`${name} is a private key: give the account's extended public key (xpub/zpub) instead`);
  else if (!PUBLIC_KEY_PREFIX.test(raw))
    problems.add(`${name} must be an extended public key (xpub, zpub, tpub or vpub)`);
  return raw;
}

/** CHAIN_<X>_EXPLORER_TX_URL: an http(s) link with `{txid}`, or null. */
function explorerTxUrl(env: Env, prefix: string, problems: Problems): string | null {
  const name = `${prefix}_EXPLORER_TX_URL`;
  const raw = env[name];
  if (!raw) return null;
  if (!/^https?:\/\/\S+$/.test(raw) || !raw.includes('{txid}'))
    problems.add(`${name} must be an http(s) link containing {txid} (got "${raw}")`);
  return raw;
}

/** Bitcoin's network: CHAIN_BTC_NETWORK, else mainnet for xpub/zpub and testnet for tpub/vpub. */
function bitcoinNetwork(env: Env, xpub: string, problems: Problems): BitcoinNetwork {
  const raw = env.CHAIN_BTC_NETWORK?.toLowerCase();
  if (raw === 'mainnet' || raw === 'testnet' || raw === 'regtest') return raw;
  if (raw) problems.add(`CHAIN_BTC_NETWORK must be mainnet, testnet or regtest (got "${env.CHAIN_BTC_NETWORK}")`);
  return /^(tpub|vpub)/.test(xpub) ? 'testnet' : 'mainnet';
}

/** One chain's settings, or null when its URL and key are both absent (the chain is off). */
function chain(env: Env, name: ChainName, problems: Problems): ChainSettings | null {
  const { kind, urlVar, confirmations } = CHAINS[name];
  const prefix = `CHAIN_${name.toUpperCase()}`;
  const url = env[urlVar]?.trim() ?? '';
  if (!url && !env[`${prefix}_XPUB`]) return null;
  if (!/^https?:\/\/[^/\s]+\S*$/.test(url)) problems.add(`${urlVar} must be an http(s) URL (got "${url}")`);
  const xpub = extendedPublicKey(env, prefix, problems);
  const usdt = name === 'eth' ? (env.CHAIN_ETH_USDT_CONTRACT?.trim() ?? '') : '';
  if (usdt && !/^0x[0-9a-fA-F]{40}$/.test(usdt))
    problems.add(`CHAIN_ETH_USDT_CONTRACT must be a 0x-prefixed 20-byte address (got "${usdt}")`);
  return {
    name,
    kind,
    url: url.replace(/\/+$/, ''),
    xpub,
    confirmations: int(env, `${prefix}_CONFIRMATIONS`, confirmations, problems, 1),
    explorerTxUrl: explorerTxUrl(env, prefix, problems),
    usdtContract: usdt ? usdt.toLowerCase() : null,
    bitcoinNetwork: kind === 'bitcoin' ? bitcoinNetwork(env, xpub, problems) : null,
  };
}

/**
 * The CHAIN_* settings (docs/operations.md, "Chains"): a chain is on when its URL and extended
 * public key are set, off (the operator's static WALLETS_FILE addresses are shown) when both are
 * absent; one without the other is a problem. DEPOSIT_CONFIRMATION is `auto` unless set to `review`.
 */
export function chainSettings(env: Env, problems: Problems): ChainConfig {
  const chains = CHAIN_NAMES.map((name) => chain(env, name, problems)).filter((c): c is ChainSettings => c !== null);
  const mode = (env.DEPOSIT_CONFIRMATION || 'auto').toLowerCase();
  if (mode !== 'auto' && mode !== 'review')
    problems.add(`DEPOSIT_CONFIRMATION must be "auto" or "review" (got "${env.DEPOSIT_CONFIRMATION}")`);
  return {
    chains,
    depositConfirmation: mode === 'review' ? 'review' : 'auto',
    quoteMinutes: int(env, 'DEPOSIT_QUOTE_MINUTES', 30, problems, 1),
  };
}
