#!/usr/bin/env node
// The catalogue extractor and check (issue 39). Reads every catalogue key the client uses as a
// literal — t('…'), msg('…'), <Trans i18nKey="…"> — and checks that the English catalogue of the
// file's namespace (or `common`) holds it. `--write` adds missing keys to the English catalogue
// (the English text is its own key); the other languages are then checked by
// common/src/i18n/catalogues.test.ts, which lists what each still lacks.
//   node scripts/catalogue.mjs [--write] [--unused]
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const catalogues = path.join(root, 'common/src/i18n/catalogues');
const sources = [path.join(root, 'client/src'), path.join(root, 'server/src')];
const write = process.argv.includes('--write');
const unused = process.argv.includes('--unused');

/** The namespace of a source file: its feature area in the client, `statements` or `mail` in the server, else `common`. */
function namespaceOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const area = /^client\/src\/features\/(\w+)\//.exec(rel)?.[1];
  if (area) return area;
  if (rel.startsWith('server/src/modules/statement/')) return 'statements';
  if (rel.startsWith('server/')) return 'mail';
  return 'common';
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'generated' || name === 'dist') continue;
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !full.includes(`${path.sep}test${path.sep}`))
      yield full;
  }
}

/** A JS string literal's value ('…', "…" or a template without ${}). */
function unquote(raw) {
  const quote = raw[0];
  const body = raw.slice(1, -1);
  if (quote === '`') return body;
  return body.replace(/\\(u\{?[0-9a-fA-F]+\}?|.)/g, (_m, esc) => {
    if (esc[0] === 'u') return String.fromCodePoint(parseInt(esc.replace(/[u{}]/g, ''), 16));
    return { n: '\n', t: '\t' }[esc] ?? esc;
  });
}

const LITERAL = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\`[^\`$]*\`)`;
const CALL = new RegExp(String.raw`(?<![\w.])(?:t|msg|i18n\.t)\(\s*${LITERAL}`, 'g');
const TRANS = new RegExp(String.raw`i18nKey=(?:\{\s*)?${LITERAL}`, 'g');

const used = new Map(); // namespace -> Map(key -> first file)
for (const dir of sources)
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    const ns = namespaceOf(file);
    for (const re of [CALL, TRANS])
      for (const m of text.matchAll(re)) {
        const key = unquote(m[1]);
        if (!used.has(ns)) used.set(ns, new Map());
        if (!used.get(ns).has(key)) used.get(ns).set(key, path.relative(root, file));
      }
  }

const read = (lang, ns) => JSON.parse(readFileSync(path.join(catalogues, lang, `${ns}.json`), 'utf8'));
const english = (ns) => read('en', ns);
const common = english('common');
let missing = 0;
for (const [ns, keys] of used) {
  const catalogue = english(ns);
  const absent = [...keys].filter(([key]) => !(key in catalogue) && !(key in common) && !(`${key}_other` in catalogue));
  if (!absent.length) continue;
  missing += absent.length;
  if (write) {
    for (const [key] of absent) catalogue[key] = key;
    writeFileSync(path.join(catalogues, 'en', `${ns}.json`), `${JSON.stringify(catalogue, null, 2)}\n`);
    console.log(`${ns}: added ${absent.length} English key(s)`);
  } else for (const [key, file] of absent) console.log(`${ns}: missing "${key}" (${file})`);
}
if (unused)
  for (const ns of used.keys()) {
    const keys = used.get(ns);
    for (const key of Object.keys(english(ns)))
      if (!keys.has(key.replace(/_(one|other)$/, ''))) console.log(`${ns}: not used in code "${key}"`);
  }
if (missing && !write) {
  console.error(`${missing} catalogue key(s) used in code but missing from the English catalogue`);
  process.exit(1);
}
