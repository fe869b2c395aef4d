// The minimal reference server of the request-cost and dashboard benchmarks (issue 16): node:http,
// one pg pool, jose to verify the session token, one SQL query per request, JSON out. It does what
// the app must do for `me`, `plans`, the account and a page of the caller's transactions and
// nothing else (no logging, no headers, no rate limits), so the app's CPU per request divided by
// this one's is the cost of everything the app adds.
//   DATABASE_URL=... JWT_SECRET=... PORT=... node bench/reference-server.mjs
import http from 'node:http';
import { TextEncoder } from 'node:util';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);

/** The caller's user id from `Authorization: Bearer <jwt>`, or null. */
async function caller(req) {
  const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  if (!m) return null;
  try {
    const { payload } = await jwtVerify(m[1], key, { algorithms: ['HS256'], issuer: 'cryptovest' });
    return payload.sub;
  } catch {
    return null;
  }
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === '/me') {
      const id = await caller(req);
      if (!id) return send(res, 401, { error: 'unauthenticated' });
      const { rows } = await pool.query('SELECT id, full_name AS "fullName", email, type FROM app_user WHERE id = $1', [
        id,
      ]);
      return send(res, 200, { data: rows[0] });
    }
    if (req.url === '/plans') {
      if (req.headers.authorization && !(await caller(req))) return send(res, 401, { error: 'unauthenticated' });
      const { rows } = await pool.query(
        `SELECT id, name, min_amount AS "minAmount", max_amount AS "maxAmount", profit_percent AS "profitPercent",
                duration_hours AS "durationHours" FROM plan WHERE active ORDER BY sort_order`,
      );
      return send(res, 200, { data: rows });
    }
    if (req.url === '/account' || req.url === '/transactions') {
      const id = await caller(req);
      if (!id) return send(res, 401, { error: 'unauthenticated' });
      if (req.url === '/account') {
        const { rows } = await pool.query('SELECT * FROM account WHERE user_id = $1', [id]);
        return send(res, 200, { data: rows[0] });
      }
      // The dashboard's first page: 8 rows and the total in one statement, as the app reads it.
      const { rows } = await pool.query(
        `SELECT *, count(*) OVER () AS total FROM "transaction" WHERE user_id = $1
          ORDER BY created_at DESC, id DESC LIMIT 8`,
        [id],
      );
      return send(res, 200, { data: { total: Number(rows[0]?.total ?? 0), items: rows } });
    }
    send(res, 404, { error: 'not found' });
  } catch (err) {
    send(res, 500, { error: String(err) });
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
