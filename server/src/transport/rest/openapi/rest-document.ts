import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../kernel/config';
import { REST_OPERATIONS, REST_TAGS } from '../contract';
import { openApiDocument } from './document';

/** The product's version (root package.json), the document's `info.version`. */
function productVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Methods in the order people read them. */
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** `record` with its keys sorted (by `order` when given, else by name), values mapped by `each`. */
function sortedKeys<T>(record: Record<string, T>, each?: (value: T) => unknown, order?: string[]): Record<string, T> {
  const rank = (key: string) => (order ? order.indexOf(key) : 0);
  const keys = Object.keys(record).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Object.fromEntries(keys.map((k) => [k, each ? each(record[k]) : record[k]])) as Record<string, T>;
}

/** The REST facade's OpenAPI document as committed (`openapi.json`) and served (`/api/openapi.json`). */
export function restDocumentText(): string {
  const doc = openApiDocument(REST_OPERATIONS, { version: productVersion(), tags: REST_TAGS });
  // Paths, methods and named schemas in a fixed order: the generator lists them as modules happened
  // to load, which differs between the build and the tests' transpiler.
  doc.paths = sortedKeys(doc.paths ?? {}, (path) =>
    sortedKeys(path as Record<string, unknown>, undefined, METHOD_ORDER),
  ) as typeof doc.paths;
  const schemas = doc.components?.schemas;
  if (schemas) doc.components!.schemas = sortedKeys(schemas);
  return `${JSON.stringify(doc, null, 2)}\n`;
}
