import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../test/harness';
import { ContractChecker } from '../../test/openapi-contract';
import { committedDocument, CONTRACT_AREAS, documentedOperations } from '../../test/openapi-contract-suite';
import { restApi } from './router';

/**
 * Issue 36: the committed OpenAPI document is what the server serves and mounts, and every
 * documented operation, called for real, answers as the document says (response validation).
 * The calls are in openapi-contract.<area>.test.ts, one file per area of CONTRACT_AREAS, each
 * ending with a test that every operation of its area answered a documented success.
 */
const committed = committedDocument();
const doc = JSON.parse(committed);
const contract = new ContractChecker(doc);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

it('serves the committed document at /api/openapi.json, and mounts exactly the operations it lists', async () => {
  const served = await t.http.get('/api/openapi.json');
  expect(served.status).toBe(200);
  expect(served.headers['content-type']).toMatch(/^application\/json/);
  expect(served.text).toBe(committed);
  const mounted = restApi(t.services)
    .mounted.filter((op) => !op.testOnly)
    .map((op) => op.id);
  expect(mounted.sort()).toEqual(contract.operationIds().sort());
});

it('serves the API reference page from the npm package, scripts from this server only', async () => {
  const page = await t.http.get('/api/docs');
  expect(page.status).toBe(200);
  expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  const bundle = await t.http.get('/api/docs/assets/swagger-ui-bundle.js');
  expect(bundle.status).toBe(200);
  expect(bundle.text.length).toBeGreaterThan(100_000);
  expect((await t.http.get('/api/docs/start.js')).text).toContain("url: '/api/openapi.json'");
});

it('leaves no documented operation out of the area files that call them', () => {
  const areaOf = new Map<string, string>(
    Object.entries(CONTRACT_AREAS).flatMap(([area, tags]) => tags.map((tag) => [tag, area] as const)),
  );
  // Every operation's section belongs to one area (a new section needs an area, or a new area file).
  const unassigned = documentedOperations(doc)
    .filter((op) => !areaOf.has(op.tag))
    .map((op) => `${op.id} (${op.tag})`);
  expect(unassigned).toEqual([]);
  expect(new Set(areaOf.keys()).size).toBe(Object.values(CONTRACT_AREAS).flat().length);
  const missingFiles = Object.keys(CONTRACT_AREAS)
    .map((area) => `openapi-contract.${area}.test.ts`)
    .filter((file) => !existsSync(path.join(__dirname, file)));
  expect(missingFiles).toEqual([]);
});
