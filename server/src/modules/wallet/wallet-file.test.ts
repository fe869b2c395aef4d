import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readWalletFile } from './wallet-file';

const dir = mkdtempSync(path.join(tmpdir(), 'wallets-'));
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

describe('operator wallet file', () => {
  it('reads exchanges, normalising coin names', () => {
    const file = write('ok.json', JSON.stringify({ exchanges: { TW: [{ name: ' Bitcoin ', address: 'bc1qabc' }] } }));
    expect(readWalletFile(file)).toEqual([{ exchange: 'TW', name: 'bitcoin', address: 'bc1qabc', imageUrl: null }]);
  });

  it('names the problem in a broken file', () => {
    expect(() => readWalletFile(write('bad.json', '{'))).toThrow(/not valid JSON/);
    expect(() => readWalletFile(write('noex.json', '{}'))).toThrow(/"exchanges" object/);
    expect(() =>
      readWalletFile(write('noaddr.json', JSON.stringify({ exchanges: { TW: [{ name: 'btc' }] } }))),
    ).toThrow(/exchanges\.TW\[0\] needs "name" and "address"/);
    expect(() => readWalletFile(write('code.json', JSON.stringify({ exchanges: { 'bad code': [] } })))).toThrow(
      /bad exchange code/,
    );
  });

  it('ships an example file whose addresses are plainly marked', () => {
    const entries = readWalletFile(path.resolve(__dirname, '../../../../config/wallets.example.json'));
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.address.startsWith('EXAMPLE-')).toBe(true);
  });
});
