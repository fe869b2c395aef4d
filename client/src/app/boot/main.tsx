// The UI font, bundled (woff2 files served from our origin) and its metric-matched stand-ins (issue 38).
import '@fontsource-variable/inter';
import '../theme/fontFallback.css';
import { loadCatalogue } from './catalogueChunks';
import { env } from './env';

/**
 * Lets the browser run what is waiting (input, paint) before the next stage starts: with
 * `scheduler.yield()` where there is one, else a message to ourselves (a new task, unlike a
 * microtask, and not clamped or faked like a timer).
 */
function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/*
 * Entry and composition root (the one module that reads the build env). The app's code is
 * evaluated in stages, each a task of its own with a yield to the browser in between: evaluated
 * at once it was one long task that blocked a slow phone's main thread for a third of a second.
 * Each stage evaluates only what the ones before left. Their files are all preloaded at once
 * (listed in index.html by vite.config.ts, added by the server's loader), so staging costs no
 * extra round trips.
 */
const stages = [
  () => import('react-dom/client'),
  () => import('./muiStyles'),
  () => import('../theme/theme'),
  () => import('./routerLibrary'),
  () => import('../routing/router'),
];

async function start(): Promise<void> {
  for (const stage of stages) {
    await stage();
    await yieldToBrowser();
  }
  const { startApp } = await import('./startApp');
  await yieldToBrowser();
  await startApp(env, loadCatalogue);
}

void start();
