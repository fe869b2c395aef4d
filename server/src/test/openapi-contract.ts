import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

/** The parts of an OpenAPI document the checker reads. */
interface Document {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Answer> }>>;
}
interface Answer {
  content?: Record<string, { schema?: unknown }>;
}

/** Escapes a JSON pointer segment. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks real answers against the committed OpenAPI document (issue 36's response validation):
 * the path and method must be documented, the status listed for that operation, and a JSON body
 * valid against its schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). It remembers which
 * operations answered which statuses, so a test can require every operation to be exercised.
 */
export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: { pattern: RegExp; template: string }[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** operationId → statuses seen. */
  readonly seen = new Map<string, Set<number>>();

  constructor(private readonly doc: Document) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi.json');
    this.routes = Object.keys(doc.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** Every operationId of the document. */
  operationIds(): string[] {
    return Object.values(this.doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
  }

  /** Validates one answer; throws a readable error naming the operation and what is wrong. */
  check(res: Response): Response {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const method = req.method.toLowerCase();
    const path = req.path.split('?')[0];
    // A literal path wins over a template (`/transaction/all` over `/transaction/{id}`).
    const candidates = this.routes.filter((r) => r.pattern.test(path) && this.doc.paths[r.template][method]);
    const route = candidates.find((r) => !r.template.includes('{')) ?? candidates[0];
    if (!route) throw new Error(`${method.toUpperCase()} ${path} is not in the OpenAPI document`);
    const op = this.doc.paths[route.template][method];
    const answer = op.responses[String(res.status)];
    if (!answer)
      throw new Error(`${op.operationId} answered ${res.status}, which the document does not list: ${res.text}`);
    if (!this.seen.has(op.operationId)) this.seen.set(op.operationId, new Set());
    this.seen.get(op.operationId)!.add(res.status);
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0];
    if (!answer.content) return res;
    if (contentType !== 'application/json') {
      const types = Object.keys(answer.content);
      const fits = types.some((t) => t === contentType || (t.endsWith('/*') && contentType.startsWith(t.slice(0, -1))));
      if (!fits) throw new Error(`${op.operationId} ${res.status}: content type ${contentType} is not one of ${types}`);
      return res;
    }
    const validate = this.validator(route.template, method, res.status);
    if (!validate(res.body))
      throw new Error(
        `${op.operationId} ${res.status} does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '\n' })}\n${JSON.stringify(res.body).slice(0, 2000)}`,
      );
    return res;
  }

  /** The compiled schema of one answer (compiled once). */
  private validator(template: string, method: string, status: number): ValidateFunction {
    const ref = `openapi.json#/paths/${pointer(template)}/${method}/responses/${status}/content/${pointer('application/json')}/schema`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}
