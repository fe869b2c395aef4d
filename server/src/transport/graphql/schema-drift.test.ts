import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildAppSchema, printContract } from './schema';

describe('schema.graphql', () => {
  it('matches what the server code builds (run `npm run schema:emit` after changing resolvers)', async () => {
    const committed = readFileSync(path.resolve(__dirname, '../../../../schema.graphql'), 'utf8');
    expect(printContract(await buildAppSchema(null))).toBe(committed);
  });
});
