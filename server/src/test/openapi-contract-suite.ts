import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response, Test } from 'supertest';
import { REPO_ROOT } from '../kernel/config';
import { ContractChecker } from './openapi-contract';

/**
 * What the openapi-contract.*.test.ts files share (issue 36): each file calls the operations of
 * its area for real and checks every answer against the committed document. Nothing here holds
 * state across files: each file makes its own checker, app and users.
 */

/** The committed document's text (repo root). */
export const committedDocument = (): string => readFileSync(path.join(REPO_ROOT, 'openapi.json'), 'utf8');

/**
 * Which file calls which sections' operations: `openapi-contract.<area>.test.ts` covers the
 * operations tagged with its sections. openapi-contract.test.ts checks every documented tag is here.
 */
export const CONTRACT_AREAS = {
  auth: ['Auth', 'Users'],
  'second-factor': ['Second factor'],
  sessions: ['Sessions'],
  money: ['Accounts', 'Transactions', 'Notifications'],
  deposits: ['Deposit addresses', 'Settlements'],
  public: ['Wallets', 'Plans', 'Site', 'Contact', 'Coins', 'Uploads'],
  webhooks: ['Webhooks'],
  statements: ['Statements'],
} as const satisfies Record<string, readonly string[]>;

/** A key of CONTRACT_AREAS. */
export type ContractArea = keyof typeof CONTRACT_AREAS;

/** The parts of the document read here. */
interface Document {
  paths: Record<string, Record<string, { operationId: string; tags?: string[] }>>;
}

/** Every documented operation with its section (first tag). */
export function documentedOperations(doc: Document): { id: string; tag: string }[] {
  return Object.values(doc.paths).flatMap((methods) =>
    Object.values(methods).map((op) => ({ id: op.operationId, tag: op.tags?.[0] ?? '' })),
  );
}

/** One area file's checker and helpers. */
export interface ContractSuite {
  contract: ContractChecker;
  /** Sends `call` and checks its answer against the document (any documented status). */
  checked(call: Test): Promise<Response>;
  /** As `checked`, and the answer must have `status` (the body is in the failure). */
  answers(call: Test, status: number): Promise<Response>;
  /** The area's operations that have not answered a 2xx yet (in document order). */
  missingSuccesses(): string[];
}

/** A checker over the committed document for the operations of `area`. */
export function contractSuite(area: ContractArea): ContractSuite {
  const doc = JSON.parse(committedDocument());
  const contract = new ContractChecker(doc);
  const tags: readonly string[] = CONTRACT_AREAS[area];
  const operations = documentedOperations(doc)
    .filter((op) => tags.includes(op.tag))
    .map((op) => op.id);
  const checked = async (call: Test) => contract.check(await call);
  return {
    contract,
    checked,
    async answers(call, status) {
      const res = await checked(call);
      if (res.status !== status) {
        const req = (res as unknown as { req: { method: string; path: string } }).req;
        throw new Error(`${req.method} ${req.path} answered ${res.status}, expected ${status}: ${res.text}`);
      }
      return res;
    },
    missingSuccesses: () =>
      operations.filter((id) => ![...(contract.seen.get(id) ?? [])].some((status) => status >= 200 && status < 300)),
  };
}

/** The bearer header of a session token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A blockchain transaction id nobody used. */
export const blockchainId = () => `0x${randomBytes(32).toString('hex')}`;

/** A well-formed id that names nothing. */
export function randomUuid(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
