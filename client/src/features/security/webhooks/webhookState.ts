import { msg, type Translate } from '@cryptovest/common';
import type { WebhookDeliveryPartsFragment, WebhookEndpointPartsFragment } from '../../../generated/graphql';
import { englishText } from '../components/englishText';

/** A delivery's time is shown to the second: events often come seconds apart. */
export const TO_THE_SECOND: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** Most endpoints one user may have (the server answers CONFLICT beyond). */
export const MAX_ENDPOINTS = 10;

/** Days of failed deliveries after which the server turns an endpoint off. */
export const DISABLE_AFTER_DAYS = 5;

/** Longest URL and description the server keeps. */
export const URL_MAX = 2048;
export const DESCRIPTION_MAX = 200;

/** Whether an endpoint receives events: on, on but failing, or off. */
export type EndpointState = 'enabled' | 'failing' | 'disabled';

/** An endpoint's state: off wins; on with a `failingSince` is failing. */
export function endpointState(endpoint: Pick<WebhookEndpointPartsFragment, 'enabled' | 'failingSince'>): EndpointState {
  if (!endpoint.enabled) return 'disabled';
  return endpoint.failingSince ? 'failing' : 'enabled';
}

/** A URL without its `https://` and trailing slash: how dialogs and button labels name an endpoint. */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/**
 * Why `raw` cannot be a webhook URL by its form (a catalogue key, English: shown with `t`), or
 * undefined. The server checks the rest (https only unless its operator allows http, and where
 * the address leads).
 */
export function urlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return msg('enter the full address, starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return msg('the address must start with https://');
  if (!url.hostname) return msg('the address must name a host');
  if (url.username || url.password) return msg('the address must not hold a user name or password');
  return undefined;
}

/** True when `iso` is a time still to come. */
export function isFuture(iso: string | null | undefined, now = Date.now()): iso is string {
  return Boolean(iso) && new Date(iso as string).getTime() > now;
}

/**
 * A delivery's status chip: label (a catalogue key, shown with `t`) and colour. A queued delivery
 * that was tried already and waits for a later attempt is retrying; one due now (new, or sent
 * again by hand) is queued.
 */
export function deliveryChip(
  delivery: Pick<WebhookDeliveryPartsFragment, 'status' | 'attempts' | 'nextAttemptAt'>,
  now = Date.now(),
): { label: string; color: 'success' | 'error' | 'warning' | 'info' | 'default' } {
  switch (delivery.status) {
    case 'DELIVERED':
      return { label: msg('Delivered'), color: 'success' };
    case 'FAILED':
      return { label: msg('Failed'), color: 'error' };
    case 'SENDING':
      return { label: msg('Sending'), color: 'info' };
    default:
      return delivery.attempts > 0 && isFuture(delivery.nextAttemptAt, now)
        ? { label: msg('Retrying'), color: 'warning' }
        : { label: msg('Queued'), color: 'default' };
  }
}

/**
 * The receiver's answer to the last attempt, as read: "HTTP 200", or why there was none in the
 * reader's language (`t` of `security`; English without).
 */
export function answerText(
  delivery: Pick<WebhookDeliveryPartsFragment, 'responseStatus' | 'attempts'>,
  t: Translate = englishText,
): string {
  if (delivery.responseStatus != null) return `HTTP ${delivery.responseStatus}`;
  return delivery.attempts > 0 ? t('No answer') : t('Not sent yet');
}

/** The last error when it says more than the answer line does (a bare "HTTP 500" repeats it), else null. */
export function errorText(delivery: Pick<WebhookDeliveryPartsFragment, 'responseStatus' | 'lastError'>): string | null {
  if (!delivery.lastError) return null;
  return delivery.lastError === `HTTP ${delivery.responseStatus}` ? null : delivery.lastError;
}

/** True when `events` holds every type offered (the card then shows one "All events" chip). */
export function hasEveryEvent(events: readonly string[], offered: readonly string[] | undefined): boolean {
  return Boolean(offered?.length) && offered!.every((e) => events.includes(e));
}
