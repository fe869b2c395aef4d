import { startTestApp, TestApp } from '../../test/harness';
import { canonicalBlockchainId } from './blockchain-id';

const HASH = 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12';

describe('canonicalBlockchainId', () => {
  it.each([
    ['the id itself', HASH],
    ['upper case', HASH.toUpperCase()],
    ['a 0x prefix', `0x${HASH}`],
    ['an upper-case 0X prefix', `0X${HASH.toUpperCase()}`],
    ['surrounding spaces', `  ${HASH}\t`],
    ['a zero-width space inside', `${HASH.slice(0, 10)}\u200b${HASH.slice(10)}`],
    ['a BOM and a word joiner', `\ufeff${HASH.slice(0, 5)}\u2060${HASH.slice(5)}`],
    ['full-width forms', HASH.replace(/[0-9a-f]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))],
    ['Cyrillic look-alikes', HASH.replace(/a/g, '\u0430').replace(/c/g, '\u0441').replace(/e/g, '\u0435')],
    ['Greek capitals', HASH.toUpperCase().replace(/A/g, '\u0391').replace(/E/g, '\u0395')],
  ])('gives %s the same key', (_label, variant) => {
    expect(canonicalBlockchainId(variant).key).toBe(HASH);
  });

  it('keeps what the user typed for display, without invisible characters', () => {
    expect(canonicalBlockchainId(` 0xAB\u200bCD `).display).toBe('0xABCD');
  });

  it('refuses letters of other scripts that are not look-alikes', () => {
    expect(() => canonicalBlockchainId('ab12\u0436cd3456')).toThrow(
      'use only the letters and digits of the transaction id',
    );
    expect(() => canonicalBlockchainId('ab12\u{1F600}cd3456')).toThrow();
  });
});

describe('the database derives the same key (transaction_id_key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('for every accepted spelling', async () => {
    const { user } = await t.createUser();
    const spellings = [
      `0x${HASH.toUpperCase()}`,
      ` ${HASH.slice(0, 9)}\u200b${HASH.slice(9)} `,
      HASH.replace(/a/g, '\u0430').replace(/e/g, '\u0415'),
      HASH.replace(/[0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
      'TX-Mixed_Case.Id:42',
    ];
    for (const [i, raw] of spellings.entries()) {
      const id = canonicalBlockchainId(raw);
      const [row] = await t.services.ds.query(
        `INSERT INTO "transaction" (user_id, trx_type, amount, crypto, transaction_id)
         VALUES ($1, 'DEPOSIT', 150, $2, $3) RETURNING transaction_id_key AS key`,
        [user.id, `coin${i}`, id.display],
      );
      expect(row.key).toBe(id.key);
    }
  });
});
