import type { OptionsObject, SnackbarMessage } from 'notistack';
import { useSyncExternalStore } from 'react';

/** What notistack's `enqueueSnackbar` takes (types only: nothing of notistack loads with this module). */
type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

/** notistack's global `enqueueSnackbar`, once its provider is mounted (ToastHost). */
let show: Enqueue | null = null;
/** Toasts asked for before that, shown as soon as it is. */
const pending: Parameters<Enqueue>[] = [];
/** Whether a toast waits for the host: it is mounted from then on, unless its fetch fails. */
let wanted = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast (notistack's options: `variant`, `onClose`, ...). The toast code (notistack, and
 * goober, which builds its styles as it loads) is fetched with the first toast, or at the first
 * tap or key press (`warmToasts`), instead of on every page load: it cost each page 6–17 ms of
 * main thread while booting, and most visits show no toast.
 */
export const enqueueToast: Enqueue = (message, options) => {
  if (show) return show(message, options);
  pending.push([message, options]);
  setWanted(true);
};

function setWanted(next: boolean): void {
  if (wanted === next) return;
  wanted = next;
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The host's module, fetched once; a failed fetch is tried again at the next call. */
let host: Promise<typeof import('./ToastHost')> | null = null;

/** Fetches the toast host's module (notistack with it). */
export function loadToastHost(): Promise<typeof import('./ToastHost')> {
  host ??= import('./ToastHost').catch((error: unknown) => {
    host = null;
    throw error;
  });
  return host;
}

/** A toast shown without notistack, because notistack's code could not be fetched. */
export interface PlainToast {
  id: number;
  message: SnackbarMessage;
  variant: OptionsObject['variant'];
}
const NO_PLAIN_TOASTS: readonly PlainToast[] = [];
let plainToasts = NO_PLAIN_TOASTS;
let nextPlainId = 1;

/**
 * The host's module could not be fetched (offline, or a deploy replaced it): the toasts waiting
 * for it are shown plainly instead (PlainToasts), and the next toast tries notistack again.
 */
export function toastHostFailed(): void {
  const failed = pending.splice(0).map(([message, options]) => ({
    id: nextPlainId++,
    message,
    variant: options?.variant,
  }));
  plainToasts = [...plainToasts, ...failed];
  wanted = false;
  notify();
}

/** Takes a plain toast away (clicked, or its time is up). */
export function dismissPlainToast(id: number): void {
  plainToasts = plainToasts.filter((toast) => toast.id !== id);
  notify();
}

/** The toasts shown plainly now; none while server-rendering. */
export function usePlainToasts(): readonly PlainToast[] {
  return useSyncExternalStore(
    subscribe,
    () => plainToasts,
    () => NO_PLAIN_TOASTS,
  );
}

/**
 * Fetches the toast code at the visitor's first tap or key press, so that the toast an action
 * ends with shows at once (and while offline, if the network is gone by then). A page load
 * without interaction (a crawler, Lighthouse) never fetches it. Returns the listeners' removal.
 */
export function warmToasts(target: Window): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const warm = () => {
    stop();
    loadToastHost().catch(() => undefined); // tried again with the first toast
  };
  const stop = () => events.forEach((event) => target.removeEventListener(event, warm, true));
  events.forEach((event) => target.addEventListener(event, warm, { capture: true, passive: true }));
  return stop;
}

/**
 * Called by the host once notistack's provider is mounted (shows what was asked for meanwhile),
 * and with null when it unmounts (toasts wait again for the next one).
 */
export function toastHostMounted(enqueue: Enqueue | null): void {
  show = enqueue;
  if (enqueue) for (const args of pending.splice(0)) enqueue(...args);
}

/** The API the app's components use, in notistack's `useSnackbar()` shape. */
const TOASTS = { enqueueSnackbar: enqueueToast };

/** Toasts for a component: `const { enqueueSnackbar } = useToasts()` (stable across renders). */
export function useToasts(): typeof TOASTS {
  return TOASTS;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the toast host should be mounted (a toast was asked for); false while server-rendering. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
