import type { KeyboardEvent, MouseEvent } from 'react';

/** The attribute an openable row carries with its id, so focus can return to it (e.g. when a drawer closes). */
export const ROW_ID_ATTRIBUTE = 'data-record-row';

/** Clicks on these (inside a row) do their own thing and do not open the row. */
const OWN_ACTION = 'a, button, input, select, textarea, label, [role="button"], [role="combobox"], [role="checkbox"]';

/**
 * Props that make a table row open its record (issue 38 "Record view"): a click anywhere on the row
 * except its own controls (copy, status, checkbox), or Enter while the row itself has focus; the
 * row is in the tab order and marked with ROW_ID_ATTRIBUTE.
 */
export function openableRowProps<T extends { id: string }>(row: T, onOpen: (row: T) => void) {
  return {
    tabIndex: 0,
    [ROW_ID_ATTRIBUTE]: row.id,
    onClick: (event: MouseEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      // React bubbles events from portals (a status menu, a dialog) through the row: not a click on it.
      if (!event.currentTarget.contains(target)) return;
      if (target.closest(OWN_ACTION) && target.closest(OWN_ACTION) !== event.currentTarget) return;
      // A click that only ended a text selection (copying a name) does not open the row.
      if (window.getSelection()?.toString()) return;
      onOpen(row);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
      event.preventDefault();
      onOpen(row);
    },
    sx: { cursor: 'pointer', '&:focus-visible': { outline: 2, outlineColor: 'secondary.main', outlineOffset: -2 } },
  };
}
