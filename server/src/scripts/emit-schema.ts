import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../kernel/config';
import { buildAppSchema, printContract } from '../transport/graphql/schema';
import { restDocumentText } from '../transport/rest/openapi/rest-document';

/** Path of the committed GraphQL contract. */
export const SCHEMA_FILE = path.join(REPO_ROOT, 'schema.graphql');

/** Path of the committed REST contract (OpenAPI 3.1). */
export const OPENAPI_FILE = path.join(REPO_ROOT, 'openapi.json');

/**
 * `schema:emit` writes both contracts made from the server code (schema.graphql, openapi.json);
 * with --check it fails when either committed file differs.
 */
async function run(): Promise<void> {
  const contracts = [
    { file: SCHEMA_FILE, text: printContract(await buildAppSchema(null)) },
    { file: OPENAPI_FILE, text: restDocumentText() },
  ];
  if (process.argv.includes('--check')) {
    const stale = contracts.filter((c) => readFileSync(c.file, 'utf8') !== c.text).map((c) => path.basename(c.file));
    if (stale.length) {
      console.error(
        `${stale.join(' and ')} out of date with the server code. Run \`npm run schema:emit\` (and \`npm run codegen\`).`,
      );
      process.exit(1);
    }
    console.log('schema.graphql and openapi.json match the server');
    return;
  }
  for (const c of contracts) {
    writeFileSync(c.file, c.text);
    console.log(`wrote ${path.relative(process.cwd(), c.file)}`);
  }
}

void run();
