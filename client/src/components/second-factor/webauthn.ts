/**
 * The browser half of passkeys (WebAuthn) through @simplewebauthn/browser, loaded only when a
 * passkey is used: the server's options come in as JSON text and the browser's answer goes back
 * as JSON text (what `addPasskey` / `signInWithPasskey` take). Browser-side failures become a
 * PasskeyBrowserError with a message for the toast; server errors stay Apollo errors.
 */
import { msg } from '@cryptovest/common';

/** A passkey ceremony the browser (or the person) stopped: `message` says what to do (English, a catalogue key: show it with `t`). */
export class PasskeyBrowserError extends Error {
  override name = 'PasskeyBrowserError';
}

/** True when this browser can use passkeys at all (it has the WebAuthn API). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** What to tell the person when the browser refused or failed a ceremony. */
function browserMessage(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return msg('This passkey is already on your account.');
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return msg('Passkeys do not work on this address of the site.');
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return msg('The passkey request was cancelled or timed out.');
  return msg('Your browser could not use a passkey. Try again.');
}

/** Runs `ceremony`, turning any browser failure into a PasskeyBrowserError. */
async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    throw new PasskeyBrowserError(browserMessage(error));
  }
}

/** Options JSON from the server, or a PasskeyBrowserError when it is not JSON. */
function parseOptions<T>(optionsJson: string): T {
  try {
    return JSON.parse(optionsJson) as T;
  } catch {
    throw new PasskeyBrowserError(msg('Your browser could not use a passkey. Try again.'));
  }
}

/** Creates a passkey for `passkeyRegistrationOptions`' JSON; resolves to the answer for `addPasskey`. */
export async function createPasskey(optionsJson: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = parseOptions<Parameters<typeof startRegistration>[0]['optionsJSON']>(optionsJson);
  return JSON.stringify(await inBrowser(() => startRegistration({ optionsJSON })));
}

/** Signs `passkeySignInOptions`' challenge with a passkey; resolves to the answer for `signInWithPasskey`. */
export async function signWithPasskey(optionsJson: string): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = parseOptions<Parameters<typeof startAuthentication>[0]['optionsJSON']>(optionsJson);
  return JSON.stringify(await inBrowser(() => startAuthentication({ optionsJSON })));
}
