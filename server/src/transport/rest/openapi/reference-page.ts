import path from 'node:path';
import express, { Router } from 'express';
import { fixedDocument } from '../../../platform/http';

/** Swagger UI's built files, from the npm package (no CDN: the app works offline). */
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files the page loads; the rest of the package (its demo page, source maps) is not served. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

/** Scripts and styles from this server only; Swagger UI's own inline styles; try-it-out calls to this origin. */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The page: Swagger UI started by a script file (no inline script, so the CSP stays strict). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>CryptoVest REST API reference</title>
    <link rel="icon" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the served document; "Try it out" sends real requests with the token given under Authorize. */
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});
`;

/**
 * GET /api/openapi.json (the REST contract, as committed in openapi.json) and GET /api/docs (an
 * API reference rendered from it by Swagger UI, served from the npm package). Both public.
 */
export function apiReference(documentText: string): Router {
  const router = Router();
  router.get('/openapi.json', fixedDocument(documentText, 'application/json; charset=utf-8'));
  const page = (contentType: string, body: string) => (_req: express.Request, res: express.Response) => {
    res.set({ 'Content-Type': contentType, 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-cache' });
    res.send(body);
  };
  router.get('/docs', page('text/html; charset=utf-8', PAGE));
  router.get('/docs/start.js', page('text/javascript; charset=utf-8', START));
  for (const file of ASSETS)
    router.get(`/docs/assets/${file}`, (_req, res) => {
      res.set('Cache-Control', 'public, max-age=86400');
      res.sendFile(path.join(SWAGGER_DIR, file));
    });
  return router;
}
