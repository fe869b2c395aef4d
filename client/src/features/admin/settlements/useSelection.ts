import { useCallback, useMemo, useState } from 'react';

/** The rows an admin ticked, by id, and the ways to change them. */
export interface Selection {
  selected: ReadonlySet<string>;
  has(id: string): boolean;
  toggle(id: string): void;
  /** Ticks (or unticks) every id given, e.g. the selectable rows of the page. */
  setMany(ids: readonly string[], on: boolean): void;
  clear(): void;
}

/** Selection state of a table: ids survive paging, so rows from several pages can be acted on together. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const setMany = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(
    () => ({ selected, has: (id: string) => selected.has(id), toggle, setMany, clear }),
    [selected, toggle, setMany, clear],
  );
}

/** The header checkbox's state for the rows of a page: all, some (indeterminate) or none ticked. */
export function pageSelectionState(ids: readonly string[], selected: ReadonlySet<string>) {
  const ticked = ids.filter((id) => selected.has(id)).length;
  return { all: ids.length > 0 && ticked === ids.length, some: ticked > 0 && ticked < ids.length };
}
