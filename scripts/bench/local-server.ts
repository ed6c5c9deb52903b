/** What every benchmark needs to start a server of its own on this machine. */
export { freePort } from '../../tests/e2e/support/server.ts';

/** Polls `url` until it answers 2xx; throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
