import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUES, LEDGER_BUCKET_LABELS, LEDGER_REASON_LABELS, type Locale } from '@cryptovest/common';
import { AppError } from '../../kernel/errors';
import { REPO_ROOT } from '../../kernel/config';
import { Account } from '../account/account.entity';
import { BUCKET_COLUMN, type LedgerBucket } from '../ledger/buckets';
import { ledgerMismatches } from '../ledger/invariant';
import { LedgerReason } from '../ledger/ledger-entry.entity';
import { UserType } from '../user/user.entity';
import { parseCsv } from '../../test/csv-parse';
import { startTestApp, type TestApp } from '../../test/harness';
import { makeDeposit } from '../../test/settlement-fixtures';
import { csvField, csvLine } from './csv';
import { parsePeriod } from './period';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';
import type { Statement } from './statement';
import { statementWords } from './statement-words';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A ledger entry at a chosen time, written as applyLedger writes one (the bucket moves in the
 * same transaction, the entry records the amount after), so the invariant holds; `amountAfter:
 * false` leaves that column empty, as entries older than it are.
 */
async function entryAt(
  userId: string,
  at: string,
  bucket: LedgerBucket,
  delta: string,
  reason: LedgerReason,
  opts: { transactionId?: string; amountAfter?: false } = {},
) {
  await t.services.ds.transaction(async (m) => {
    const account = await m.getRepository(Account).findOneByOrFail({ userId });
    const column = BUCKET_COLUMN[bucket];
    const [[row]] = await m.query(
      `UPDATE account SET ${column} = ${column} + $2::numeric WHERE id = $1 RETURNING ${column}::text AS after`,
      [account.id, delta],
    );
    await m.query(
      `INSERT INTO ledger_entry (account_id, bucket, delta, amount_after, reason, transaction_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        account.id,
        bucket,
        delta,
        opts.amountAfter === false ? null : row.after,
        reason,
        opts.transactionId ?? null,
        at,
      ],
    );
  });
}

/** An investor whose ledger has entries just before, on both edges of, inside and just after November 2026. */
async function populatedInvestor(fields: { fullName?: string; locale?: Locale } = {}) {
  const { user, token } = await t.createUser(UserType.INVESTOR, fields);
  const deposit = await makeDeposit(t.services, user.id, 'Starter', '1000');
  const R = LedgerReason;
  await entryAt(user.id, '2026-10-15T10:00:00Z', 'balance', '100', R.ADMIN_ADJUSTMENT);
  await entryAt(user.id, '2026-10-31T23:59:59.999999Z', 'balance', '0.12345', R.SIGNUP_BONUS);
  await entryAt(user.id, '2026-10-31T23:59:59.999999Z', 'lockedBonus', '0.12345', R.BONUS_LOCKED);
  await entryAt(user.id, '2026-11-01T00:00:00Z', 'balance', '1000', R.DEPOSIT_CONFIRMED, { transactionId: deposit });
  await entryAt(user.id, '2026-11-01T00:00:00Z', 'bitcoin', '1000', R.DEPOSIT_CONFIRMED, { transactionId: deposit });
  await entryAt(user.id, '2026-11-15T12:00:00Z', 'profit', '250.5', R.SETTLEMENT_PROFIT, { transactionId: deposit });
  await entryAt(user.id, '2026-11-15T12:00:00Z', 'balance', '250.5', R.SETTLEMENT_PROFIT, { transactionId: deposit });
  await entryAt(user.id, '2026-11-30T23:59:59.999999Z', 'balance', '-50.25', R.WITHDRAWAL_CONFIRMED);
  await entryAt(user.id, '2026-12-01T00:00:00Z', 'balance', '7', R.ADMIN_ADJUSTMENT);
  expect(await ledgerMismatches(t.services.ds, [user.id])).toEqual([]);
  return { user, token, deposit };
}

const november = () => parsePeriod('2026-11-01', '2026-11-30', 366);

/** bucket -> [opening, closing] */
const amounts = (s: Statement) => Object.fromEntries(s.buckets.map((b) => [b.bucket, [b.opening, b.closing]]));

describe('the statement of a period, from the ledger', () => {
  it('opens with the amounts after the last entry before `from`, closes after the last one of `to`, exact to the cent', async () => {
    const { user, deposit } = await populatedInvestor();
    const s = await t.services.statements.statement(user.id, november());
    expect(amounts(s)).toEqual({
      balance: ['100.12345', '1300.37345'],
      investment: ['0.00000', '0.00000'],
      profit: ['0.00000', '250.50000'],
      lockedBonus: ['0.12345', '0.12345'],
      bitcoin: ['0.00000', '1000.00000'],
    });
    // The four main buckets first, then only the coins ever used.
    expect(s.buckets.map((b) => b.bucket)).toEqual(['balance', 'investment', 'profit', 'lockedBonus', 'bitcoin']);
    // Both edges are inside (00:00:00 of the 1st, the last microsecond of the 30th); nothing of October or December.
    expect(s.entries.map((e) => [e.at.toISOString(), e.bucket, e.delta, e.amountAfter, e.reason])).toEqual([
      ['2026-11-01T00:00:00.000Z', 'balance', '1000.00000', '1100.12345', 'DEPOSIT_CONFIRMED'],
      ['2026-11-01T00:00:00.000Z', 'bitcoin', '1000.00000', '1000.00000', 'DEPOSIT_CONFIRMED'],
      ['2026-11-15T12:00:00.000Z', 'profit', '250.50000', '250.50000', 'SETTLEMENT_PROFIT'],
      ['2026-11-15T12:00:00.000Z', 'balance', '250.50000', '1350.62345', 'SETTLEMENT_PROFIT'],
      ['2026-11-30T23:59:59.999Z', 'balance', '-50.25000', '1300.37345', 'WITHDRAWAL_CONFIRMED'],
    ]);
    expect(s.entries[0].transactionId).toBe(deposit);
    expect(s.entries[0].txid).toMatch(/^settle-/);
    expect(s.entries[4].transactionId).toBeNull();
    expect(s.investor).toEqual({ id: user.id, fullName: user.fullName, email: user.email });
    expect(s.generatedAt).toBeInstanceOf(Date);
  });

  it('moves each edge by one day: the first entry of the 1st and the last of the 30th leave the period', async () => {
    const { user } = await populatedInvestor();
    const inner = await t.services.statements.statement(user.id, parsePeriod('2026-11-02', '2026-11-29'));
    expect(inner.entries.map((e) => e.at.toISOString())).toEqual([
      '2026-11-15T12:00:00.000Z',
      '2026-11-15T12:00:00.000Z',
    ]);
    expect(amounts(inner).balance).toEqual(['1100.12345', '1350.62345']);
    const oneDay = await t.services.statements.statement(user.id, parsePeriod('2026-12-01', '2026-12-01'));
    expect(oneDay.entries.map((e) => e.delta)).toEqual(['7.00000']);
    expect(amounts(oneDay).balance).toEqual(['1300.37345', '1307.37345']);
  });

  it('shows an empty period with opening = closing: before any entry (all 0) and after the last', async () => {
    const { user } = await populatedInvestor();
    const before = await t.services.statements.statement(user.id, parsePeriod('2026-09-01', '2026-09-30'));
    expect(before.entries).toEqual([]);
    expect(amounts(before)).toEqual({
      balance: ['0.00000', '0.00000'],
      investment: ['0.00000', '0.00000'],
      profit: ['0.00000', '0.00000'],
      lockedBonus: ['0.00000', '0.00000'],
    });
    const after = await t.services.statements.statement(user.id, parsePeriod('2027-01-01', '2027-01-31'));
    expect(after.entries).toEqual([]);
    for (const [opening, closing] of Object.values(amounts(after))) expect(opening).toBe(closing);
    expect(amounts(after).balance).toEqual(['1307.37345', '1307.37345']);
  });

  it('reads entries written before the amount-after column from the running sum', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    await entryAt(user.id, '2026-10-01T00:00:00Z', 'balance', '10.10', LedgerReason.ADMIN_ADJUSTMENT, {
      amountAfter: false,
    });
    await entryAt(user.id, '2026-11-02T00:00:00Z', 'balance', '5.05', LedgerReason.ADMIN_ADJUSTMENT, {
      amountAfter: false,
    });
    const s = await t.services.statements.statement(user.id, november());
    expect(amounts(s).balance).toEqual(['10.10000', '15.15000']);
    expect(s.entries.map((e) => e.amountAfter)).toEqual(['15.15000']);
  });

  it('refuses an unknown user and a user without an account (404)', async () => {
    const admin = await t.createUser(UserType.ADMIN);
    await expect(t.services.statements.statement(admin.user.id, november())).rejects.toThrow(
      'This user has no investment account',
    );
    await expect(t.services.statements.statement('00000000-0000-4000-8000-000000000000', november())).rejects.toThrow(
      'User not found',
    );
  });
});

describe('the period', () => {
  const refusal = (from: unknown, to: unknown, max?: number) => {
    try {
      parsePeriod(from, to, max);
    } catch (err) {
      return [(err as AppError).httpStatus, (err as AppError).fields[0]?.field, (err as AppError).message];
    }
    return null;
  };

  it('takes whole UTC days, both included', () => {
    const p = parsePeriod('2026-11-01', '2026-11-30', 366);
    expect([p.start.toISOString(), p.end.toISOString(), p.days]).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      30,
    ]);
    expect(parsePeriod('2024-01-01', '2024-12-31', 366).days).toBe(366);
  });

  it('refuses missing, malformed and impossible dates, from after to, and periods over the limit, naming the field', () => {
    expect(refusal(undefined, '2026-11-30')).toEqual([422, 'from', 'from is required (YYYY-MM-DD)']);
    expect(refusal('2026-11-01', '')).toEqual([422, 'to', 'to is required (YYYY-MM-DD)']);
    expect(refusal('01/11/2026', '2026-11-30')).toEqual([422, 'from', 'from must be a date written YYYY-MM-DD']);
    expect(refusal(['2026-11-01'], '2026-11-30')).toEqual([422, 'from', 'from must be a date written YYYY-MM-DD']);
    expect(refusal('2026-02-30', '2026-03-01')).toEqual([422, 'from', 'from is not a real date: 2026-02-30']);
    expect(refusal('2026-11-02', '2026-11-01')).toEqual([422, 'to', 'to must be on or after from']);
    expect(refusal('2025-01-01', '2026-01-02', 366)).toEqual([
      422,
      'to',
      'A statement covers at most 366 days; this period has 367',
    ]);
    expect(refusal('2025-01-01', '2026-01-01', 366)).toBeNull();
  });
});

describe('CSV', () => {
  it('parses back to the header, the buckets and every entry, with reasons in words and plain amounts', async () => {
    const { user, deposit } = await populatedInvestor({ fullName: 'Ada, "The" Lovelace' });
    const rows = parseCsv(statementCsv(await t.services.statements.statement(user.id, november())));
    expect(new Set(rows.map((r) => r.length))).toEqual(new Set([7]));
    const cells = rows.map((r) => r.filter(Boolean));
    expect(cells[0]).toEqual(['Statement', 'CryptoVest']);
    expect(cells[1]).toEqual(['Investor', 'Ada, "The" Lovelace', user.email]);
    expect(cells[2]).toEqual([
      'Period',
      '2026-11-01 to 2026-11-30 (whole days in UTC, both included)',
      '2026-11-01',
      '2026-11-30',
    ]);
    const at = (label: string) => cells.findIndex((r) => r[0] === label);
    expect(cells.slice(at('Bucket'), at('Bucket') + 6)).toEqual([
      ['Bucket', 'Opening', 'Closing'],
      ['Balance', '100.12345', '1300.37345'],
      ['Investment', '0.00', '0.00'],
      ['Profit', '0.00', '250.50'],
      ['Locked bonus', '0.12345', '0.12345'],
      ['Bitcoin', '0.00', '1000.00'],
    ]);
    const entries = rows.slice(rows.findIndex((r) => r[0] === 'Date (UTC)'));
    expect(entries).toEqual([
      ['Date (UTC)', 'Bucket', 'Change', 'Amount after', 'Reason', 'Transaction', 'Blockchain txid'],
      [
        '2026-11-01T00:00:00.000Z',
        'Balance',
        '1000.00',
        '1100.12345',
        'Deposit confirmed',
        deposit,
        expect.any(String),
      ],
      ['2026-11-01T00:00:00.000Z', 'Bitcoin', '1000.00', '1000.00', 'Deposit confirmed', deposit, expect.any(String)],
      ['2026-11-15T12:00:00.000Z', 'Profit', '250.50', '250.50', 'Profit paid', deposit, expect.any(String)],
      ['2026-11-15T12:00:00.000Z', 'Balance', '250.50', '1350.62345', 'Profit paid', deposit, expect.any(String)],
      ['2026-11-30T23:59:59.999Z', 'Balance', '-50.25', '1300.37345', 'Withdrawal confirmed', '', ''],
    ]);
  });

  it('says so when the period has no entries', async () => {
    const { user } = await t.createUser(UserType.INVESTOR);
    const rows = parseCsv(statementCsv(await t.services.statements.statement(user.id, november())));
    expect(rows.at(-1)![0]).toBe('No entries in this period');
    expect(rows.find((r) => r[0] === 'Balance')!.slice(0, 3)).toEqual(['Balance', '0.00', '0.00']);
  });

  it('never lets a spreadsheet run a cell as a formula, and leaves negative numbers numbers', async () => {
    expect(['=1+1', '+1', '-x', '@SUM(A1)', '\tx', '-50.25', '-7', 'plain'].map(csvField)).toEqual([
      "'=1+1",
      "'+1",
      "'-x",
      "'@SUM(A1)",
      "'\tx",
      '-50.25',
      '-7',
      'plain',
    ]);
    expect(csvLine(['=HYPERLINK("http://evil.test","x")', 'a\r\nb'])).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")","a\r\nb"\r\n`,
    );
    const { user } = await t.createUser(UserType.INVESTOR, { fullName: '=cmd|"/c calc"!A1' });
    const rows = parseCsv(statementCsv(await t.services.statements.statement(user.id, november())));
    expect(rows[1][1]).toBe(`'=cmd|"/c calc"!A1`);
  });

  it("is written in the account's language (German), with the same layout and machine-readable cells", async () => {
    const { user, deposit } = await populatedInvestor({ fullName: 'Jürgen Weiß', locale: 'de' });
    const statement = await t.services.statements.statement(user.id, november());
    expect(statement.locale).toBe('de');
    const rows = parseCsv(statementCsv(statement));
    expect(new Set(rows.map((r) => r.length))).toEqual(new Set([7]));
    const cells = rows.map((r) => r.filter(Boolean));
    expect(cells.slice(0, 3)).toEqual([
      ['Kontoauszug', 'CryptoVest'],
      ['Anleger', 'Jürgen Weiß', user.email],
      ['Zeitraum', '01.11.2026 bis 30.11.2026 (ganze Tage in UTC, beide eingeschlossen)', '2026-11-01', '2026-11-30'],
    ]);
    expect(cells[3]).toEqual(['Erstellt am', statement.generatedAt.toISOString()]);
    const at = (label: string) => cells.findIndex((r) => r[0] === label);
    // Words in German; amounts stay plain decimals ("1300.37345", never "1.300,37345").
    expect(cells.slice(at('Posten'), at('Posten') + 6)).toEqual([
      ['Posten', 'Anfangsbestand', 'Endbestand'],
      ['Kontostand', '100.12345', '1300.37345'],
      ['Investition', '0.00', '0.00'],
      ['Gewinn', '0.00', '250.50'],
      ['Gesperrter Bonus', '0.12345', '0.12345'],
      ['Bitcoin', '0.00', '1000.00'],
    ]);
    const entries = rows.slice(rows.findIndex((r) => r[0] === 'Datum (UTC)'));
    expect(entries).toEqual([
      ['Datum (UTC)', 'Posten', 'Veränderung', 'Betrag danach', 'Grund', 'Transaktion', 'Blockchain-Txid'],
      [
        '2026-11-01T00:00:00.000Z',
        'Kontostand',
        '1000.00',
        '1100.12345',
        'Einzahlung bestätigt',
        deposit,
        expect.any(String),
      ],
      [
        '2026-11-01T00:00:00.000Z',
        'Bitcoin',
        '1000.00',
        '1000.00',
        'Einzahlung bestätigt',
        deposit,
        expect.any(String),
      ],
      ['2026-11-15T12:00:00.000Z', 'Gewinn', '250.50', '250.50', 'Gewinn ausgezahlt', deposit, expect.any(String)],
      [
        '2026-11-15T12:00:00.000Z',
        'Kontostand',
        '250.50',
        '1350.62345',
        'Gewinn ausgezahlt',
        deposit,
        expect.any(String),
      ],
      ['2026-11-30T23:59:59.999Z', 'Kontostand', '-50.25', '1300.37345', 'Auszahlung bestätigt', '', ''],
    ]);
    // Beside the words, the same file as in English: a program reading numbers, times and ids sees no difference.
    const machineCells = (csv: string[][]) => {
      const buckets = csv.findIndex((r) => r[1] === 'Opening' || r[1] === 'Anfangsbestand');
      const entries = csv.findIndex((r) => r[0] === 'Date (UTC)' || r[0] === 'Datum (UTC)');
      return [
        csv.length,
        buckets,
        entries,
        csv[1].slice(1, 3),
        csv[2].slice(2, 4),
        csv[3].slice(1),
        ...csv.slice(buckets + 1, entries).map((r) => r.slice(1)),
        ...csv.slice(entries + 1).map((r) => [r[0], r[2], r[3], r[5], r[6]]),
      ];
    };
    expect(machineCells(rows)).toEqual(machineCells(parseCsv(statementCsv({ ...statement, locale: 'en' }))));
  });

  it('says an empty period in German too', async () => {
    const { user } = await t.createUser(UserType.INVESTOR, { locale: 'de' });
    const rows = parseCsv(statementCsv(await t.services.statements.statement(user.id, november())));
    expect(rows.at(-1)![0]).toBe('Keine Buchungen in diesem Zeitraum');
    expect(rows.find((r) => r[0] === 'Kontostand')!.slice(0, 3)).toEqual(['Kontostand', '0.00', '0.00']);
  });

  it("is the owner's language for whoever downloads it (GET /api/statements: the investor, an admin)", async () => {
    const { user, token } = await t.createUser(UserType.INVESTOR, { fullName: 'Jürgen Weiß', locale: 'de' });
    const admin = await t.createUser(UserType.ADMIN, { locale: 'en' });
    const q = 'from=2026-11-01&to=2026-11-30';
    for (const [path, bearer] of [
      [`/api/statements?${q}`, token],
      [`/api/statements?${q}&userId=${user.id}`, admin.token],
    ]) {
      const res = await t.http.get(path).set('authorization', `Bearer ${bearer}`).expect(200);
      const rows = parseCsv(res.text);
      expect(rows.slice(0, 2).map((r) => r[0])).toEqual(['Kontoauszug', 'Anleger']);
      expect(rows.find((r) => r[0] === 'Kontostand')!.slice(0, 3)).toEqual(['Kontostand', '0.00', '0.00']);
    }
  });
});

describe('the words of a statement', () => {
  it('has every ledger bucket and reason word in the statements catalogue, said in each language', () => {
    const english = CATALOGUES.en.statements;
    const ledgerWords = [...Object.values(LEDGER_BUCKET_LABELS), ...Object.values(LEDGER_REASON_LABELS)];
    expect(ledgerWords.filter((w) => !(w in english))).toEqual([]);
    const de = statementWords('de');
    expect([de.bucket('lockedBonus'), de.bucket('walletBalance'), de.reason('SIGNUP_BONUS')]).toEqual([
      'Gesperrter Bonus',
      'Wallet-Guthaben',
      'Startbonus',
    ]);
    const es = statementWords('es');
    expect([es.bucket('balance'), es.reason('PRINCIPAL_RETURNED')]).toEqual(['Saldo', 'Capital devuelto']);
    // A bucket or reason the catalogue does not know yet reads as its English words.
    expect([de.bucket('newBucket'), de.reason('SOMETHING_NEW')]).toEqual(['newBucket', 'Something new']);
  });

  it('writes money and UTC dates the way each language does, English exactly as before', () => {
    const at = new Date('2026-11-03T14:05:09.500Z');
    const said = (l: Locale) => {
      const w = statementWords(l);
      return [
        w.money('1457.4'),
        w.money('1234567.12345', { signed: true }),
        w.money('-50.25', { signed: true }),
        w.money('0', { signed: true }),
        w.minute(at),
        w.second(at),
        w.period({ from: '2026-11-01', to: '2026-11-30' }),
      ];
    };
    expect(said('en')).toEqual([
      '$1,457.40',
      '+$1,234,567.12345',
      '-$50.25',
      '$0.00',
      '2026-11-03 14:05',
      '2026-11-03 14:05:09',
      '2026-11-01 to 2026-11-30 (whole days in UTC, both included)',
    ]);
    expect(said('de')).toEqual([
      '1.457,40\u00a0$',
      '+1.234.567,12345\u00a0$',
      '-50,25\u00a0$',
      '0,00\u00a0$',
      '03.11.2026 14:05',
      '03.11.2026 14:05:09',
      '01.11.2026 bis 30.11.2026 (ganze Tage in UTC, beide eingeschlossen)',
    ]);
    expect(said('es')).toEqual([
      '1457,40\u00a0US$',
      '+1.234.567,12345\u00a0US$',
      '-50,25\u00a0US$',
      '0,00\u00a0US$',
      '03/11/2026 14:05',
      '03/11/2026 14:05:09',
      'del 01/11/2026 al 30/11/2026 (días completos en UTC, ambos incluidos)',
    ]);
  });
});

describe('PDF', () => {
  /** Renders `pdf` to PNG pages at 60 dpi (pdftoppm) and extracts its text (pdftotext). */
  function rendered(pdf: Buffer) {
    const dir = mkdtempSync(path.join(tmpdir(), 'statement-'));
    const file = path.join(dir, 'statement.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => path.join(dir, f));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return { pages, text, file };
  }

  it('renders the header, the balances and every entry, the table continuing across pages with page numbers', async () => {
    const { user, deposit } = await populatedInvestor({ fullName: 'Ada Lovelace' });
    // A second investor with enough entries for three pages, written in date order.
    const { user: busy } = await t.createUser(UserType.INVESTOR, { fullName: 'Busy Investor' });
    for (let day = 1; day <= 28; day += 1)
      for (const hour of ['09', '15', '21'])
        await entryAt(
          busy.id,
          `2026-11-${String(day).padStart(2, '0')}T${hour}:00:00Z`,
          'profit',
          '1.01',
          LedgerReason.SETTLEMENT_PROFIT,
          { transactionId: deposit },
        );
    const one = rendered(await statementPdf(await t.services.statements.statement(user.id, november())));
    expect(one.pages).toHaveLength(1);
    const statement = await t.services.statements.statement(busy.id, november());
    expect(statement.entries).toHaveLength(84);
    const { pages, text } = rendered(await statementPdf(statement));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(statSync(page).size).toBeGreaterThan(3000);
    expect(one.text).toContain('CryptoVest');
    expect(one.text).toContain('Account statement');
    expect(one.text).toContain(`Ada Lovelace <${user.email}>`);
    expect(one.text).toContain('2026-11-01 to 2026-11-30 (whole days in UTC, both included)');
    expect(one.text).toMatch(/Balance\s+\$100\.12345\s+\+\$1,200\.25\s+\$1,300\.37345/);
    expect(one.text).toMatch(/Profit\s+\$0\.00\s+\+\$250\.50\s+\$250\.50/);
    expect(one.text).toMatch(/Locked bonus\s+\$0\.12345\s+\$0\.00\s+\$0\.12345/);
    expect(one.text).toMatch(/Bitcoin\s+\$0\.00\s+\+\$1,000\.00\s+\$1,000\.00/);
    expect(one.text).toMatch(
      new RegExp(
        String.raw`2026-11-01 00:00\s+Balance\s+Deposit confirmed\s+\+\$1,000\.00\s+\$1,100\.12345\s+${deposit}`,
      ),
    );
    expect(one.text).toMatch(/2026-11-30 23:59\s+Balance\s+Withdrawal confirmed\s+-\$50\.25\s+\$1,300\.37345/);
    expect(one.text).toContain('Page 1 of 1');
    expect(text).toMatch(/Profit\s+\$0\.00\s+\+\$84\.84\s+\$84\.84/);
    expect(text).toMatch(/2026-11-28 21:00\s+Profit\s+Profit paid\s+\+\$1\.01\s+\$84\.84/);
    expect(text).toContain(`Page 1 of ${pages.length}`);
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
    // The entries' header is repeated on every page the table continues on.
    expect(text.match(/Date \(UTC\)\s+Bucket\s+Reason\s+Change\s+Amount after\s+Transaction/g)).toHaveLength(
      pages.length,
    );
  });

  it('renders an empty period on one page, opening = closing', async () => {
    const { user } = await t.createUser(UserType.INVESTOR, { fullName: 'Zoë Ωmega' });
    const { pages, text } = rendered(await statementPdf(await t.services.statements.statement(user.id, november())));
    expect(pages).toHaveLength(1);
    expect(text).toContain('No ledger entries in this period');
    expect(text).toMatch(/Balance\s+\$0\.00\s+\$0\.00\s+\$0\.00/);
    expect(text).toContain('Zoë Ωmega');
  });

  it('prints a name in another script (Polish, Cyrillic, Greek) as written; only what no font has becomes "?"', async () => {
    const fullName = 'Łukasz Żółć Иван Ελένη 李雷';
    const { user } = await t.createUser(UserType.INVESTOR, { fullName });
    const pdf = await statementPdf(await t.services.statements.statement(user.id, november()));
    const { pages, text } = rendered(pdf);
    expect(text).toContain(`Łukasz Żółć Иван Ελένη ?? <${user.email}>`);
    // DejaVu Sans is embedded (as a subset) for that line only; the rest stays in Helvetica.
    const { file } = rendered(pdf);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/\+DejaVuSans\s/);
    expect(fonts).toMatch(/Helvetica\s/);
    // To look at: .data/statement-sample-scripts.png.
    mkdirSync(path.join(REPO_ROOT, '.data'), { recursive: true });
    execFileSync('cp', [pages[0], path.join(REPO_ROOT, '.data', 'statement-sample-scripts.png')]);
  });

  it("is written in the account's language (German): words, money and dates, German letters printed", async () => {
    const { user, deposit } = await populatedInvestor({ fullName: 'Jürgen Weiß', locale: 'de' });
    const statement = await t.services.statements.statement(user.id, november());
    const { pages, text, file } = rendered(await statementPdf(statement));
    expect(pages).toHaveLength(1);
    expect(text).toContain('Kontoauszug');
    expect(text).toMatch(new RegExp(String.raw`Anleger\s+Jürgen Weiß <${user.email}>`));
    expect(text).toMatch(/Zeitraum\s+01\.11\.2026 bis 30\.11\.2026 \(ganze Tage in UTC, beide eingeschlossen\)/);
    expect(text).toMatch(/Erstellt\s+\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d UTC/);
    expect(text).toContain('Salden');
    expect(text).toMatch(/Posten\s+Anfangsbestand\s+Veränderung\s+Endbestand/);
    expect(text).toMatch(/Kontostand\s+100,12345\s\$\s+\+1\.200,25\s\$\s+1\.300,37345\s\$/);
    expect(text).toMatch(/Gewinn\s+0,00\s\$\s+\+250,50\s\$\s+250,50\s\$/);
    expect(text).toMatch(/Bitcoin\s+0,00\s\$\s+\+1\.000,00\s\$\s+1\.000,00\s\$/);
    expect(text).toContain('Buchungen (5)');
    expect(text).toMatch(/Datum \(UTC\)\s+Posten\s+Grund\s+Veränderung\s+Betrag danach\s+Transaktion/);
    expect(text).toMatch(
      new RegExp(
        String.raw`01\.11\.2026 00:00\s+Kontostand\s+Einzahlung bestätigt\s+\+1\.000,00\s\$\s+1\.100,12345\s\$\s+${deposit}`,
      ),
    );
    expect(text).toMatch(/15\.11\.2026 12:00\s+Gewinn\s+Gewinn ausgezahlt\s+\+250,50\s\$\s+250,50\s\$/);
    expect(text).toMatch(/30\.11\.2026 23:59\s+Kontostand\s+Auszahlung bestätigt\s+-50,25\s\$\s+1\.300,37345\s\$/);
    expect(text).toContain('Beträge in US-Dollar, exakt wie im Hauptbuch (bis zu 5 Nachkommastellen).');
    expect(text).toContain('CryptoVest — Kontoauszug 01.11.2026 bis 30.11.2026');
    expect(text).toContain('Seite 1 von 1');
    // Nothing left in English, and no letter lost ("?" is what Helvetica cannot write).
    for (const english of ['Account statement', 'Balances', 'Entries', 'Deposit confirmed', 'Page 1', '$1', ' to '])
      expect(text).not.toContain(english);
    expect(text).not.toContain('?');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+Kontoauszug 01\.11\.2026 bis 30\.11\.2026$/m);
  });

  it('renders an empty German period, and Spanish money and dates', async () => {
    const { user } = await t.createUser(UserType.INVESTOR, { locale: 'de' });
    const empty = rendered(await statementPdf(await t.services.statements.statement(user.id, november())));
    expect(empty.text).toContain('Keine Buchungen in diesem Zeitraum: Jeder Endbestand entspricht dem Anfangsbestand.');
    expect(empty.text).toMatch(/Kontostand\s+0,00\s\$\s+0,00\s\$\s+0,00\s\$/);
    expect(empty.text).toContain('Buchungen (0)');
    const { user: es } = await populatedInvestor({ locale: 'es' });
    const { text } = rendered(await statementPdf(await t.services.statements.statement(es.id, november())));
    expect(text).toContain('Extracto de cuenta');
    expect(text).toContain('del 01/11/2026 al 30/11/2026 (días completos en UTC, ambos incluidos)');
    expect(text).toMatch(/Saldo\s+100,12345\sUS\$\s+\+1200,25\sUS\$\s+1300,37345\sUS\$/);
    // The reason wraps in its column ("Retirada" / "confirmada"); the amounts stay on one line.
    expect(text).toMatch(/30\/11\/2026 23:59\s+Saldo\s+Retirada\s+-50,25\sUS\$\s+1300,37345\sUS\$\s+—\s+confirmada/);
    expect(text).toContain('Página 1 de 1');
  });

  it('writes sample pages to look at (.data/statement-sample-*.png)', async () => {
    const { user, deposit } = await populatedInvestor({ fullName: 'Ada Lovelace' });
    for (let i = 0; i < 60; i += 1)
      await entryAt(
        user.id,
        `2026-11-20T10:${String(i).padStart(2, '0')}:00Z`,
        'profit',
        '0.5',
        LedgerReason.SETTLEMENT_PROFIT,
        {
          transactionId: deposit,
        },
      );
    const { pages } = rendered(await statementPdf(await t.services.statements.statement(user.id, november())));
    expect(pages.length).toBeGreaterThan(1);
    const out = path.join(REPO_ROOT, '.data');
    mkdirSync(out, { recursive: true });
    pages.forEach((page, i) => execFileSync('cp', [page, path.join(out, `statement-sample-${i + 1}.png`)]));
  });
});
