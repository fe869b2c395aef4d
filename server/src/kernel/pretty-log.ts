import type { DestinationStream } from 'pino';
import type PinoPretty from 'pino-pretty';

/** Fields of an access-log line (access-log.ts) that `accessLine` puts into the message. */
interface AccessFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * The message of a development log line: access lines read "request completed GET /api/plans 200
 * 12ms" instead of carrying the whole request and response objects; other lines keep their text.
 */
export function accessLine(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const { req, res, responseTime } = log as AccessFields;
  if (!req?.method) return message;
  const took = typeof responseTime === 'number' ? ` ${responseTime}ms` : '';
  return `${message} ${req.method} ${req.url ?? ''} ${res?.statusCode ?? ''}${took}`.trimEnd();
}

/**
 * A readable destination for development logs (pino-pretty, in this thread, written synchronously
 * so nothing is lost when the process exits), or null where pino-pretty is not installed (the
 * production image leaves dev dependencies out and logs JSON anyway).
 */
export function prettyDestination(output?: NodeJS.WritableStream): DestinationStream | null {
  let pretty: typeof PinoPretty;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    pretty = require('pino-pretty');
  } catch {
    return null;
  }
  return pretty({
    colorize: output ? false : Boolean(process.stdout.isTTY),
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    messageFormat: accessLine,
    ...(output ? { destination: output } : {}),
  });
}

/** True when pino-pretty can be loaded (it is a dev dependency: absent from production images). */
export function prettyInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
