import pino, { Logger } from 'pino';

/** Builds the process logger; secrets are redacted by path so they never reach log storage. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.otp',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}

export type { Logger };
