/** Longest stored proof reference (the `image_url` column). */
const MAX_STORED = 500;

/**
 * The proof link a legacy client sent, when the operator allows it: https, no credentials in it,
 * on one of `hosts` (PROOF_URL_HOSTS). Returns it normalised for storage, or null (then only the
 * investor's own uploads are accepted). Nothing is fetched: the admin opens it in a new tab.
 */
export function allowedProofUrl(value: string, hosts: readonly string[]): string | null {
  if (!hosts.length) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!hosts.includes(url.hostname.toLowerCase())) return null;
  return url.href.length <= MAX_STORED ? url.href : null;
}
