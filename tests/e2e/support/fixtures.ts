import { test as base } from '@playwright/test';

import { watchContext } from './browser.ts';
import { describeOutput, startServer } from './server.ts';

import type { PageWatch } from './browser.ts';
import type { RunningServer, StartServerOptions } from './server.ts';

export { expect } from '@playwright/test';
export { waitForHydration } from './browser.ts';
export type { RunningServer } from './server.ts';

interface WorkerFixtures {
  /** The production build on the embedded default, one per worker. */
  app: RunningServer;
  /** A server with extra environment (INSIGHTS_TOKEN…), started once per distinct env in this worker. */
  server(options: StartServerOptions): Promise<RunningServer>;
  /** Origins of every server this worker started: the only ones a page may talk to. */
  origins: Set<string>;
}

interface TestFixtures {
  /** What the test's pages did: requests, console problems, failed responses; `watch.expectClean()` checks them. */
  watch: PageWatch;
  /** Path prefix of the project's locale ('' for en, '/de'). */
  localePrefix: string;
}

/**
 * Vitrine's e2e fixtures: a production server per worker, `baseURL` pointing at it, and on every test's
 * context a watch that aborts requests leaving our servers and fails the test if there was any.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  origins: [async ({}, use) => use(new Set<string>()), { scope: 'worker' }],
  app: [
    async ({ origins }, use) => {
      const app = await startServer({ startTimeoutMs: 60_000 });
      origins.add(app.url);
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  server: [
    async ({ origins }, use) => {
      const started = new Map<string, Promise<RunningServer>>();
      await use((options) => {
        const key = JSON.stringify(options);
        if (!started.has(key))
          started.set(
            key,
            startServer(options).then((s) => (origins.add(s.url), s)),
          );
        return started.get(key)!;
      });
      const servers = await Promise.allSettled(started.values());
      await Promise.all(servers.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop()] : [])));
    },
    { scope: 'worker' },
  ],
  localePrefix: ['', { option: true }],
  baseURL: async ({ app }, use) => use(app.url),
  watch: [
    async ({ context, origins, app }, use, testInfo) => {
      const watch = await watchContext(context, (origin) => origins.has(origin));
      const logMark = app.logs.length;
      await use(watch);
      if (testInfo.status !== testInfo.expectedStatus) {
        const lines = app.logs.slice(logMark).filter((l) => typeof l.level === 'number' && l.level >= 40);
        await testInfo.attach('server warnings and errors', { body: describeOutput(lines, app.stderr.slice(-20)) });
      }
      if (watch.externalRequests.length > 0) throw new Error(`requests left our origin:\n  ${watch.externalRequests.join('\n  ')}`);
    },
    { auto: true },
  ],
});
