import type { NormalizedCacheObject } from '@apollo/client';
import { readInlinedJson } from './inlinedJson';

/** Id of the JSON <script> holding the Apollo cache a server-rendered page was rendered with. */
export const APOLLO_STATE_ELEMENT_ID = 'apollo-state';

/**
 * The Apollo cache the server rendered this page with (e.g. the plans of /services), for the
 * browser's client to start from, so hydration sees the same data as the server and sends no
 * request. Empty when the page carries none.
 */
export function readInlinedApolloState(doc?: Document): NormalizedCacheObject {
  const state = readInlinedJson(APOLLO_STATE_ELEMENT_ID, doc);
  return state !== null && typeof state === 'object' && !Array.isArray(state) ? (state as NormalizedCacheObject) : {};
}
