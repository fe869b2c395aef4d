import { AppError, ErrorCode } from '../kernel/errors';
import type { Logger } from '../kernel/logger';

/**
 * SQLSTATEs PostgreSQL raises for a value it cannot take as given (class 22, data exceptions):
 * the request carried it, so the answer is a 422, never a 500. Messages name no SQL or column.
 */
const INPUT_DATA_ERRORS: Readonly<Record<string, string>> = {
  '22P02': 'A value in the request has the wrong format',
  '22021': 'A value in the request contains characters that cannot be stored',
  '22P05': 'A value in the request contains characters that cannot be stored',
  '22003': 'A number is too large to be stored',
  '22001': 'A value in the request is too long',
};

/**
 * Backstop of both transports (REST `toAppError`, GraphQL `formatError`): a PostgreSQL data error
 * caused by input becomes a VALIDATION AppError. Field-level checks come first; reaching this means
 * one is missing, so callers log it.
 */
export function databaseInputError(err: unknown): AppError | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !Object.prototype.hasOwnProperty.call(INPUT_DATA_ERRORS, code)) return null;
  return new AppError(ErrorCode.VALIDATION, INPUT_DATA_ERRORS[code]);
}

/**
 * Logs a value only the database refused (a field-level check is missing there): the SQLSTATE and
 * where, without the stack, the query or its parameters (they may hold other fields' secrets).
 */
export function logDatabaseRefusal(logger: Logger, err: unknown, where: unknown): void {
  logger.warn({ sqlState: (err as { code?: unknown }).code, where }, 'input refused by the database');
}
