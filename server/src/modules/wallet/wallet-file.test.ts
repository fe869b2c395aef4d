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

  it('refuses example addresses where told to (production), whatever the file is called', () => {
    const example = path.resolve(__dirname, '../../../../config/wallets.example.json');
    expect(() => readWalletFile(example, { refuseExamples: true })).toThrow(
      /holds 5 example address\(es\), e\.g\. exchanges\.TW bitcoin "EXAMPLE-bc1q.*": deposits sent there are lost/,
    );
    // A copy under another name, one example left among real addresses: still refused.
    const mixed = write(
      'wallets.json',
      JSON.stringify({
        exchanges: {
          TW: [
            { name: 'bitcoin', address: 'bc1qreal' },
            { name: 'usdt', address: 'example-TR0000' },
          ],
        },
      }),
    );
    expect(() => readWalletFile(mixed, { refuseExamples: true })).toThrow(/holds 1 example address\(es\)/);
    expect(readWalletFile(mixed)).toHaveLength(2);
    const real = write('real.json', JSON.stringify({ exchanges: { TW: [{ name: 'bitcoin', address: 'bc1qreal' }] } }));
    expect(readWalletFile(real, { refuseExamples: true })).toHaveLength(1);
  });

  it('ships an example file whose addresses are plainly marked', () => {
    const entries = readWalletFile(path.resolve(__dirname, '../../../../config/wallets.example.json'));
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.address.startsWith('EXAMPLE-')).toBe(true);
  });
});
