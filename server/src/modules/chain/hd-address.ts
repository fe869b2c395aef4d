import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { NETWORK, TEST_NETWORK, p2wpkh } from '@scure/btc-signer';
import { getAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { BitcoinNetwork, ChainSettings } from '../../kernel/chain-settings';

/** SLIP-132 version bytes of each extended public key prefix (the private one is never used). */
const VERSIONS: Record<string, { private: number; public: number }> = {
  xpub: { private: 0x0488ade4, public: 0x0488b21e },
  zpub: { private: 0x04b2430c, public: 0x04b24746 },
  tpub: { private: 0x04358394, public: 0x043587cf },
  vpub: { private: 0x045f18bc, public: 0x045f1cf6 },
};

/** Bech32 prefixes and version bytes per Bitcoin network (regtest differs from testnet in bech32 only). */
const BITCOIN_NETWORKS: Record<BitcoinNetwork, typeof NETWORK> = {
  mainnet: NETWORK,
  testnet: TEST_NETWORK,
  regtest: { ...TEST_NETWORK, bech32: 'bcrt' },
};

/** The receive branch under the account key: addresses are account/0/i (BIP44/BIP84). */
const RECEIVE_BRANCH = 0;

/** Largest child index that is not hardened (BIP32). */
export const MAX_ADDRESS_INDEX = 0x7fffffff;

/** The account key of `xpub`; throws a readable error for a bad checksum or an unknown prefix. */
function accountKey(xpub: string): HDKey {
  const versions = VERSIONS[xpub.slice(0, 4)];
  if (!versions) throw new Error(`unsupported extended public key prefix "${xpub.slice(0, 4)}"`);
  const key = HDKey.fromExtendedKey(xpub, versions);
  if (key.privateKey) throw new Error('an extended private key was given; give the public one');
  return key;
}

/**
 * The address of child `index` on the receive branch of a chain's account key: a native segwit
 * (P2WPKH) address on Bitcoin (m/84'/0'/0'/0/i when the key is that account's), a checksummed
 * 0x address on EVM chains (m/44'/60'/0'/0/i). Watch-only: only public keys are involved.
 */
export function depositAddressAt(
  chain: Pick<ChainSettings, 'kind' | 'xpub' | 'bitcoinNetwork'>,
  index: number,
): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new Error(`bad address index ${index}`);
  const child = accountKey(chain.xpub).deriveChild(RECEIVE_BRANCH).deriveChild(index);
  const publicKey = child.publicKey!;
  if (chain.kind === 'bitcoin') {
    const network = BITCOIN_NETWORKS[chain.bitcoinNetwork ?? 'mainnet'];
    return p2wpkh(publicKey, network).address!;
  }
  const uncompressed = secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false);
  return getAddress(publicKeyToAddress(`0x${Buffer.from(uncompressed).toString('hex')}`));
}

/**
 * The form an address is stored and compared in: lower case for the case-insensitive forms (hex,
 * whose mixed case is only an EIP-55 checksum, and bech32), as written for base58 addresses,
 * whose case is part of them (a payment's evidence may name one).
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  return /^(0x|bc1|tb1|bcrt1)/i.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}
