// `npm run bench`: runs every benchmark, prints a table and writes bench/results/latest.json.
// Benchmarks report ratios measured in one run; they are not tests and assert nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { graphqlOverhead } from './graphql-overhead.mjs';
import { ROOT } from './lib.mjs';
import { loginThroughput } from './login.mjs';

const results = {};
console.log('bench: GraphQL vs plain route, server CPU per request (plans)');
results.graphqlOverhead = await graphqlOverhead();
console.table(results.graphqlOverhead);
console.log('bench: login throughput (REST, argon2id)');
results.login = await loginThroughput();
console.table(results.login);

const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
console.log(`written ${path.relative(process.cwd(), path.join(dir, 'latest.json'))}`);
