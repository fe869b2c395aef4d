import { AppError } from '../../kernel/errors';

/** Invisible characters (zero-width space and joiners, BOM, soft hyphen…) and any whitespace. */
const INVISIBLE_OR_SPACE = /[\p{Cf}\s]/gu;

/**
 * Letters of other scripts drawn like the hexadecimal letters a-f (NFKC keeps them apart), so a
 * Cyrillic "а" cannot make an already claimed id look new.
 */
const LOOKALIKES: Record<string, string> = {
  '\u0430': 'a', // Cyrillic а
  '\u0410': 'a', // Cyrillic А
  '\u0391': 'a', // Greek Α
  '\u0412': 'b', // Cyrillic В
  '\u0392': 'b', // Greek Β
  '\u0441': 'c', // Cyrillic с
  '\u0421': 'c', // Cyrillic С
  '\u03f2': 'c', // Greek lunate sigma ϲ
  '\u0501': 'd', // Cyrillic ԁ
  '\u0435': 'e', // Cyrillic е
  '\u0415': 'e', // Cyrillic Е
  '\u0395': 'e', // Greek Ε
};
const LOOKALIKE_RE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/** Printable ASCII without space: all a blockchain transaction id can contain. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** A deposit's blockchain id as typed (for display) and its canonical key (for uniqueness). */
export interface BlockchainId {
  display: string;
  key: string;
}

/**
 * Canonical form of a blockchain transaction id, compared per coin (issue 10): Unicode NFKC,
 * invisible characters and whitespace dropped, hex look-alikes mapped, then anything but printable
 * ASCII refused; lower case, no `0x` prefix. "0xABC…", "abc…", "ａｂｃ…" and "a\u200bbc…" are one id.
 */
export function canonicalBlockchainId(raw: string): BlockchainId {
  const visible = raw.normalize('NFKC').replace(INVISIBLE_OR_SPACE, '');
  const mapped = visible.replace(LOOKALIKE_RE, (c) => LOOKALIKES[c]);
  if (!PRINTABLE_ASCII.test(mapped))
    throw AppError.field('transactionId', 'use only the letters and digits of the transaction id');
  return { display: visible, key: mapped.replace(/^0x/i, '').toLowerCase() };
}
