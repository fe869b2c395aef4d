import { loadConfig } from '../../kernel/config';
import { ABANDON_MNEMONIC, btcAccountKey, evmAccountXpub } from '../../test/chain/keys';
import { depositAddressAt } from './hd-address';

/** BIP84's published vector: the "abandon … about" mnemonic's first account. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('watch-only address derivation (issue 35)', () => {
  it("derives BIP84's published native segwit addresses from the account zpub", () => {
    const btc = { kind: 'bitcoin' as const, xpub: BIP84_ZPUB, bitcoinNetwork: 'mainnet' as const };
    expect(depositAddressAt(btc, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(depositAddressAt(btc, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(btcAccountKey(ABANDON_MNEMONIC, 'mainnet')).toBe(BIP84_ZPUB);
  });

  it('derives regtest bcrt1 addresses from a vpub, and EIP-55 addresses from an Ethereum account xpub', () => {
    const regtest = {
      kind: 'bitcoin' as const,
      xpub: btcAccountKey(ABANDON_MNEMONIC, 'regtest'),
      bitcoinNetwork: 'regtest' as const,
    };
    expect(depositAddressAt(regtest, 0)).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    const evm = { kind: 'evm' as const, xpub: evmAccountXpub(ABANDON_MNEMONIC), bitcoinNetwork: null };
    // m/44'/60'/0'/0/0 of the "abandon … about" mnemonic, as every Ethereum wallet shows it.
    expect(depositAddressAt(evm, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('refuses a private key, a mistyped key and an index outside BIP32', () => {
    const env = { NODE_ENV: 'test', CHAIN_ETH_RPC_URL: 'http://127.0.0.1:8545' };
    expect(() =>
      loadConfig({
        ...env,
        CHAIN_ETH_XPUB:
          'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu',
      }),
    ).toThrow(/CHAIN_ETH_XPUB is a private key/);
    expect(() => loadConfig({ ...env })).toThrow(/CHAIN_ETH_XPUB must be an extended public key/);
    const evm = { kind: 'evm' as const, xpub: evmAccountXpub(ABANDON_MNEMONIC), bitcoinNetwork: null };
    const typo = { ...evm, xpub: evm.xpub.slice(0, -1) + (evm.xpub.endsWith('a') ? 'b' : 'a') };
    expect(() => depositAddressAt(typo, 0)).toThrow();
    expect(() => depositAddressAt(evm, 2 ** 31)).toThrow(/bad address index/);
  });
});
