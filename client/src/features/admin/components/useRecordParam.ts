import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ROW_ID_ATTRIBUTE } from '../../../components/paged';

/** The search param holding the id of the record shown in the side drawer (`?record=<id>`). */
export const RECORD_PARAM = 'record';

/** History state set when the drawer was opened from the list (so closing can go Back). */
interface OpenedHere {
  recordOpenedFromList?: boolean;
}

/** The open record of a list page and how to open or close it (useRecordParam). */
export interface RecordParam {
  /** The id in `?record=`, or null while no drawer is open. */
  recordId: string | null;
  /** Opens the drawer on `id`: a new history entry, so Back closes it; the list's filters stay. */
  open: (id: string) => void;
  /** Closes the drawer: Back when it was opened from the list, else drops `?record=` in place. */
  close: () => void;
  /** Moves focus to the list row of `id` (after the drawer closed), when it is on the page. */
  focusRow: (id: string) => void;
}

/**
 * The record shown in an admin list's side drawer (issue 38 "Record view"), kept in the URL as
 * `?record=<id>` beside the list's filters, so the drawer has its own shareable address: opening
 * the URL directly opens it, reload keeps it, Back or Escape closes it. Used with RecordDrawer and
 * rows marked with ROW_ID_ATTRIBUTE (PagedTable `onRowOpen` does that).
 */
export function useRecordParam(): RecordParam {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const recordId = params.get(RECORD_PARAM);
  const openedHere = (location.state as OpenedHere | null)?.recordOpenedFromList === true;

  const open = useCallback(
    (id: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(RECORD_PARAM, id);
          return next;
        },
        { state: { recordOpenedFromList: true } satisfies OpenedHere, preventScrollReset: true },
      ),
    [setParams],
  );
  const close = useCallback(() => {
    if (openedHere) {
      void navigate(-1);
      return;
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(RECORD_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [navigate, openedHere, setParams]);
  const focusRow = useCallback((id: string) => {
    const row = document.querySelector<HTMLElement>(`[${ROW_ID_ATTRIBUTE}="${id.replace(/["\\]/g, '\\$&')}"]`);
    row?.focus();
  }, []);
  return { recordId, open, close, focusRow };
}
