import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/** How long clients and proxies may keep the schema document: it changes only with a deploy. */
const SCHEMA_MAX_AGE_SECONDS = 300;

/**
 * GET /graphql/schema.graphql: the deployed schema's SDL (as `schema.graphql` in the repository),
 * for client generators and tools that can't introspect (introspection is off in production).
 * Public and cacheable, with a strong ETag so a tool polling for changes gets 304s.
 */
export function schemaDocument(sdl: string): RequestHandler {
  const etag = `"${createHash('sha256').update(sdl).digest('base64url')}"`;
  return (req, res) => {
    res.set({
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': `public, max-age=${SCHEMA_MAX_AGE_SECONDS}`,
      ETag: etag,
    });
    if (req.fresh) return void res.status(304).end();
    res.send(sdl);
  };
}
