import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useState } from 'react';
import type { PagedColumn } from '../../../components/paged';

/** The columns shown by default on a desktop and on a phone (headers of the table's columns). */
export interface ColumnDefaults {
  desktop: readonly string[];
  phone: readonly string[];
}

/** The chosen columns of a table and how to change them (useChosenColumns). */
export interface ChosenColumns<T> {
  /** The columns to show, in the table's order. */
  shown: PagedColumn<T>[];
  /** Headers of the chosen columns. */
  chosen: string[];
  /** Shows or hides one column (the last one shown stays). */
  toggle: (header: string) => void;
  /** Back to the default columns of this screen size. */
  reset: () => void;
  /** True on a phone-sized screen (its own defaults and its own remembered choice). */
  phone: boolean;
}

/** The stored choice under `key`, or null when none (or storage is unavailable or corrupt). */
function readChoice(key: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    return Array.isArray(parsed) && parsed.every((h) => typeof h === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/** Remembers the choice; storage disabled: it lasts until the page is left. */
function writeChoice(key: string, chosen: string[] | null): void {
  try {
    if (chosen) window.localStorage.setItem(key, JSON.stringify(chosen));
    else window.localStorage.removeItem(key);
  } catch {
    // Not remembered.
  }
}

/**
 * Which of a wide admin table's columns are shown (issue 38: "show what fits", every column of
 * the spec still available through ColumnChooser). The choice is remembered in localStorage under
 * `storageKey`, separately for phones (`:phone`) and larger screens (`:desktop`), since what fits
 * differs; headers no longer in `columns` are dropped, and at least one column stays shown.
 */
export function useChosenColumns<T>(
  storageKey: string,
  columns: PagedColumn<T>[],
  defaults: ColumnDefaults,
): ChosenColumns<T> {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const key = `${storageKey}:${phone ? 'phone' : 'desktop'}`;
  // Keyed by storage key, so turning the phone sideways (another key) reads that size's choice.
  const [choices, setChoices] = useState<Record<string, string[] | null>>({});
  const stored = key in choices ? choices[key] : readChoice(key);
  const base = stored ?? [...(phone ? defaults.phone : defaults.desktop)];
  const known = new Set(columns.map((column) => column.header));
  const chosen = base.filter((header) => known.has(header));
  const chosenKey = chosen.join('\n');

  const toggle = useCallback(
    (header: string) => {
      const current = chosenKey ? chosenKey.split('\n') : [];
      const next = current.includes(header) ? current.filter((h) => h !== header) : [...current, header];
      if (next.length === 0) return;
      writeChoice(key, next);
      setChoices((all) => ({ ...all, [key]: next }));
    },
    [chosenKey, key],
  );
  const reset = useCallback(() => {
    writeChoice(key, null);
    setChoices((all) => ({ ...all, [key]: null }));
  }, [key]);
  const shown = useMemo(
    () => columns.filter((column) => chosenKey.split('\n').includes(column.header)),
    [columns, chosenKey],
  );
  return { shown, chosen, toggle, reset, phone };
}
