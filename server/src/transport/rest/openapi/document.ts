import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import { z } from 'zod';
import { openApiPath, type Operation, pathParams } from '../contract/operation';
import { ErrorAnswer } from '../contract/shapes';
import { describeAccess, securityOf, SECURITY_SCHEMES } from './security';
import { errorStatuses, ERROR_WORDING } from './errors';

/** The document's `info` and the tags' order and wording. */
export interface DocumentInfo {
  version: string;
  tags: readonly { name: string; description: string }[];
}

/** A header carrying whole seconds to wait (429, 503). */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } },
};

/** Statuses whose answers say when to retry. */
const RETRYING = new Set([429, 503]);

/** A yup reference (`oneOf([ref('password')])`) as the converter writes it: no JSON Schema can say it. */
const isReference = (v: unknown) => !!v && typeof v === 'object' && (v as { type?: unknown }).type === 'ref';

/**
 * A converted yup schema without the rules that compare two fields ("must match the new
 * password", "must differ from the old one"): the converter writes them as impossible `enum`s.
 * The server still checks them; the descriptions in docs/rest.md say so.
 */
function withoutReferences(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutReferences);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' && Array.isArray(value)) {
      const kept = value.filter((v) => !isReference(v));
      if (kept.length) out.enum = kept;
      continue;
    }
    const next = withoutReferences(value);
    if (key === 'not' && next && typeof next === 'object' && !Object.keys(next).length) continue;
    out[key] = next;
  }
  return out;
}

/** The request body of `op` as the document describes it. */
function requestBody(op: Operation): RouteConfig['request'] {
  const body = op.body;
  if (!body) return undefined;
  const note = op.bareBody ? undefined : 'A legacy `{ "data": { ... } }` envelope around the fields is accepted too.';
  if ('json' in body)
    return { body: { required: true, description: note, content: { 'application/json': { schema: body.json } } } };
  if ('yup' in body) {
    const schema = withoutReferences(convertSchema(body.yup)) as Record<string, unknown>;
    delete schema.default; // yup's object default ({}) is not a fact about the API
    return { body: { required: true, description: note, content: { 'application/json': { schema } } } };
  }
  const file = {
    type: 'string' as const,
    contentMediaType: 'application/octet-stream',
    description: body.multipart.description,
  };
  const schema = {
    type: 'object' as const,
    properties: { [body.multipart.field]: file },
    required: [body.multipart.field],
  };
  return { body: { required: true, content: { 'multipart/form-data': { schema } } } };
}

/** The success answer of `op`. */
function success(op: Operation): ResponseConfig {
  const ok = op.ok;
  if ('binary' in ok)
    return {
      description: ok.binary,
      content: Object.fromEntries(
        (ok.media ?? ['image/*']).map((type) => [
          type,
          { schema: { type: 'string' as const, contentMediaType: type } },
        ]),
      ),
    };
  const envelope = z.strictObject(ok.meta ? { data: ok.data, meta: ok.meta } : { data: ok.data });
  const replayed = op.idempotent
    ? {
        'Idempotent-Replayed': {
          description: 'true when this is the first answer to the same key, sent again',
          schema: { type: 'string' as const },
        },
      }
    : undefined;
  return { description: 'Success', headers: replayed, content: { 'application/json': { schema: envelope } } };
}

/** One path of the document from its contract entry. */
function routeOf(op: Operation): RouteConfig {
  const params = pathParams(op);
  const responses: Record<number, ResponseConfig> = { [op.ok.status]: success(op) };
  for (const status of errorStatuses(op))
    responses[status] = {
      description: ERROR_WORDING[status] ?? 'Error',
      headers: RETRYING.has(status) ? RETRY_AFTER : undefined,
      content: { 'application/json': { schema: ErrorAnswer } },
    };
  return {
    method: op.method,
    path: openApiPath(op),
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, describeAccess(op)].filter(Boolean).join('\n\n'),
    security: securityOf(op),
    request: {
      params: params.length
        ? z.object(Object.fromEntries(params.map((p) => [p, z.uuid().meta({ description: op.params?.[p] ?? p })])))
        : undefined,
      query: op.query,
      headers: op.idempotent
        ? z.object({
            'Idempotency-Key': z
              .string()
              .max(200)
              .optional()
              .meta({ description: 'Retries with the same key get the first answer; the work runs once' }),
          })
        : undefined,
      ...requestBody(op),
    },
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the REST facade, made from the route table's contract entries (the
 * same entries the router mounts), so it cannot describe a path, rule or shape the server lacks.
 */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo) {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent('securitySchemes', name, scheme);
  for (const op of operations) if (!op.testOnly) registry.registerPath(routeOf(op));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'CryptoVest REST API',
      version: info.version,
      description:
        'The REST facade of CryptoVest: the legacy paths of the specification and newer ones, over the same ' +
        'services as the GraphQL endpoint (`/graphql`, schema at `/graphql/schema.graphql`). Successes answer ' +
        '`{ "data": ... }` (plus `meta` for paged lists); failures `{ "errors": [{ "error", "code", "field"? }] }`.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...info.tags],
  });
}
