import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import type { Hex } from 'viem';

/** The mnemonic anvil funds its 10 default accounts from (m/44'/60'/0'/0/0..9); also Hardhat's. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** A second, unrelated test mnemonic (the BIP39 all-zero-entropy vector), for keys anvil did not fund. */
export const ABANDON_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** SLIP-132 version bytes of the extended keys made here. */
const VERSIONS = {
  xpub: { private: 0x0488ade4, public: 0x0488b21e },
  zpub: { private: 0x04b2430c, public: 0x04b24746 },
  vpub: { private: 0x045f18bc, public: 0x045f1cf6 },
} as const;

/** The EVM account path (BIP44, coin type 60); addresses are its children 0/i. */
const EVM_ACCOUNT_PATH = "m/44'/60'/0'";

/** Seeds per mnemonic: the PBKDF2 stretch takes tens of milliseconds, and tests ask again and again. */
const seeds = new Map<string, Uint8Array>();

/** The master key of `mnemonic` (no passphrase) with the given version bytes. */
function masterKey(mnemonic: string, versions: { private: number; public: number } = VERSIONS.xpub): HDKey {
  let seed = seeds.get(mnemonic);
  if (!seed) {
    if (!validateMnemonic(mnemonic, wordlist)) throw new Error('not a valid English BIP39 mnemonic');
    seed = mnemonicToSeedSync(mnemonic);
    seeds.set(mnemonic, seed);
  }
  return HDKey.fromMasterSeed(seed, versions);
}

/** The account xpub (m/44'/60'/0') an EVM chain is configured with, so tests can derive deposit addresses. */
export function evmAccountXpub(mnemonic: string): string {
  return masterKey(mnemonic).derive(EVM_ACCOUNT_PATH).publicExtendedKey;
}

/** The private key of EVM address m/44'/60'/0'/0/index, so a test can spend what was sent to a derived address. */
export function evmAddressPrivateKey(mnemonic: string, index: number): Hex {
  const key = masterKey(mnemonic).derive(`${EVM_ACCOUNT_PATH}/0/${index}`).privateKey;
  if (!key) throw new Error(`no private key at index ${index}`);
  return `0x${Buffer.from(key).toString('hex')}`;
}

/** The BIP84 account key a Bitcoin chain is configured with: a zpub (m/84'/0'/0') on mainnet, a vpub (m/84'/1'/0') on regtest. */
export function btcAccountKey(mnemonic: string, network: 'mainnet' | 'regtest'): string {
  const [versions, path] = network === 'mainnet' ? [VERSIONS.zpub, "m/84'/0'/0'"] : [VERSIONS.vpub, "m/84'/1'/0'"];
  return masterKey(mnemonic, versions).derive(path).publicExtendedKey;
}
