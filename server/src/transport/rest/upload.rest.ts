import type { AuthDeps } from './auth';
import { markIdempotent, type RestApi } from './mount';
import * as ops from './contract/upload.contract';
import { answerOnce, sendAnswered, type IdempotentDeps } from './idempotent';
import { route } from './respond';
import type { Config } from '../../kernel/config';
import type { Logger } from '../../kernel/logger';
import type { UploadService } from '../../modules/upload';
import { drainRequest, multipartField, MULTIPART_OVERHEAD_BYTES } from './multipart';

/** The services this adapter calls; the composition root passes them. */
export interface UploadRestDeps extends AuthDeps, IdempotentDeps {
  config: Readonly<Config>;
  logger: Logger;
  uploads: UploadService;
}

/** Served files are never run as documents: no scripts, no plugins, sandboxed. */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * POST /api/upload (signed in; multipart field `file`) -> 201 `{ data: { _id, id, url, contentType, size } }`.
 * GET /api/upload/:id?expires&sig (public: the signature is the credential) -> the image bytes.
 * Uploads are REST-only: Apollo's CSRF prevention rightly refuses multipart GraphQL requests.
 */
export function uploadRoutes(api: RestApi, services: UploadRestDeps): void {
  api.mount(
    ops.uploadImage,
    // Honours Idempotency-Key through answerOnce (keyed by the file's SHA-256), so it carries the mark.
    markIdempotent(
      route(async (req, res) => {
        const maxBody = services.config.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES;
        try {
          // With an Idempotency-Key, a retry of the same file (same SHA-256) gets the first answer.
          const answered = await services.uploads.save(
            req.user!.id,
            multipartField(req, 'file', maxBody),
            (file, store) =>
              answerOnce(services, req, { sha256: file.sha256 }, async () => {
                const saved = await store();
                const url = services.uploads.signedUrl(saved.id);
                const data = {
                  _id: saved.id,
                  id: saved.id,
                  url,
                  contentType: saved.contentType,
                  size: saved.sizeBytes,
                };
                return { status: 201, body: { data } };
              }),
          );
          sendAnswered(res, answered);
        } finally {
          // Answer only once the body is read, so the client sees the error rather than a reset.
          await drainRequest(req);
        }
      }),
    ),
  );

  api.mount(
    ops.getUpload,
    route(async (req, res) => {
      const file = await services.uploads.openSigned(String(req.params.id), req.query.expires, req.query.sig);
      res.status(200).set({
        'Content-Type': file.upload.contentType,
        'Content-Length': String(file.size),
        'Content-Disposition': 'inline',
        'Cache-Control': `private, max-age=${file.maxAgeSeconds}`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': FILE_CSP,
      });
      file.stream.on('error', (err) => {
        services.logger.warn({ err, uploadId: file.upload.id }, 'upload read failed');
        res.destroy();
      });
      file.stream.pipe(res);
    }),
  );
}
