import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/** How long clients and proxies may keep a contract document: it changes only with a deploy. */
const DOCUMENT_MAX_AGE_SECONDS = 300;

/**
 * Serves a document fixed for the life of the process (the deployed GraphQL SDL, the REST
 * OpenAPI document) for client generators and tools: public and cacheable, with a strong ETag
 * so a tool polling for changes gets 304s.
 */
export function fixedDocument(text: string, contentType: string): RequestHandler {
  const etag = `"${createHash('sha256').update(text).digest('base64url')}"`;
  return (req, res) => {
    res.set({
      'Content-Type': contentType,
      'Cache-Control': `public, max-age=${DOCUMENT_MAX_AGE_SECONDS}`,
      ETag: etag,
    });
    if (req.fresh) return void res.status(304).end();
    res.send(text);
  };
}
