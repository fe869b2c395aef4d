import { AppError, ErrorCode } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path id (`/user/{userId}`, `/transaction/{id}`): anything that is not a uuid cannot exist,
 * so it answers the same 404 as an unknown id instead of reaching the database as bad input.
 */
export function idParam(value: unknown, notFound: string): string {
  const id = String(value);
  if (!UUID.test(id)) throw new AppError(ErrorCode.NOT_FOUND, notFound);
  return id;
}
