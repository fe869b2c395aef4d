/** The admin lists whose rows open into a side drawer with its own URL. */
export type RecordList = 'users' | 'accounts' | 'transactions';

/**
 * The address of one record's drawer on its admin list: `/admin/users?record=<id>` (useRecordParam
 * reads `?record=`), for links from the audit log and from another record's drawer.
 */
export const recordPath = (list: RecordList, id: string) => `/admin/${list}?record=${encodeURIComponent(id)}`;
