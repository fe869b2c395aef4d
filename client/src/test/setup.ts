/**
 * jsdom polyfills for the client jest project. react-router's CommonJS build creates a
 * TextEncoder at import time, which jest's jsdom environment does not provide, so Node's are
 * installed. Loaded first by test/render.tsx; also suitable as the client project's `setupFiles`.
 */
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = jest.requireActual<{
    TextEncoder: typeof globalThis.TextEncoder;
    TextDecoder: typeof globalThis.TextDecoder;
  }>('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

export {};
