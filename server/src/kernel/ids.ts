import { AppError, ErrorCode } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id from a REST path (`/user/{userId}`, `/transaction/{id}`) or a GraphQL `ID` argument:
 * anything that is not a uuid cannot exist, so it answers the same 404 as an unknown id instead
 * of reaching the database as bad input. Shared by both transports.
 */
export function idParam(value: unknown, notFound: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new AppError(ErrorCode.NOT_FOUND, notFound);
  return value;
}
