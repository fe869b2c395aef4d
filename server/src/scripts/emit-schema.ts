import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../kernel/config';
import { buildAppSchema, printContract } from '../transport/graphql/schema';

/** Path of the committed contract. */
export const SCHEMA_FILE = path.join(REPO_ROOT, 'schema.graphql');

/** `schema:emit` writes schema.graphql; with --check it fails when the file differs. */
async function run(): Promise<void> {
  const text = printContract(await buildAppSchema(null));
  if (process.argv.includes('--check')) {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    if (committed !== text) {
      console.error(
        'schema.graphql is out of date with the server code. Run `npm run schema:emit` (and `npm run codegen`).',
      );
      process.exit(1);
    }
    console.log('schema.graphql matches the server');
    return;
  }
  writeFileSync(SCHEMA_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}

void run();
