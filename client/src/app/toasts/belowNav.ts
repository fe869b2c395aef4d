/**
 * How far below the top edge toasts start: under the public nav bar (64–72 px), the phone top
 * bar (56–64 px) and the dashboard's header buttons (theme, bell, avatar; they end at 66 px), so
 * a toast never covers a nav button (issue 14). notistack's own offset is 14 px.
 */
export const TOAST_TOP_OFFSET_PX = 80;

/** Class given to the toast container (two classes outrank notistack's one). */
export const BELOW_NAV_CLASS = 'cv-toasts-below-nav';
