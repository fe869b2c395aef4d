import type { Translate } from '@cryptovest/common';
import type { PagedColumn } from '../../../components/paged';

/**
 * Columns whose headers are kept in English (catalogue keys, `msg('Amount')`: the column choice
 * and its defaults are remembered by them) with the headers in the reader's language, for the
 * PagedTable that shows them.
 */
export function translatedColumns<T>(columns: readonly PagedColumn<T>[], t: Translate): PagedColumn<T>[] {
  return columns.map((column) => ({ ...column, header: t(column.header) }));
}
