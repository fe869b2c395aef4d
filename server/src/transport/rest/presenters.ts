/**
 * Legacy REST shapes (DESIGN §3): every object with an `id` also carries `_id`; dates as ISO
 * strings. Money stays a decimal string except where a presenter says otherwise.
 */
export function withLegacyId<T extends { id: string }>(entity: T): T & { _id: string } {
  return { _id: entity.id, ...entity };
}
