import { Writable } from 'node:stream';

import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createDevAssets } from '#server/ssr/assets.ts';
import { createFakeContent } from './content-api.ts';

import type { AppDeps } from '#server/app.ts';
import type { SsrEntry } from '#server/ssr/assets.ts';

export interface TestAppOptions {
  /** Capture the app's log lines (parsed JSON) instead of discarding them; sets LOG_LEVEL to `debug` unless given. */
  captureLogs?: boolean;
}

/** Builds the real app with test config, a silent logger and the SSR entry imported by Vitest. */
export function createTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}, options: TestAppOptions = {}) {
  const logLevel = options.captureLogs ? 'debug' : 'silent';
  // vitrine.test: the Host tests pin so pages (and the page cache) do not vary with supertest's port.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: logLevel, ALLOWED_HOSTS: 'vitrine.test', ...env }, '1.2.3');
  const logs: LogLine[] = [];
  const logger = createLogger(config, options.captureLogs ? createLogCapture(logs) : undefined);
  const app = createApp(config, {
    logger,
    content: createFakeContent(),
    ssr: { entry: { load: () => import('#client/entry.server.tsx') as Promise<SsrEntry> }, assets: createDevAssets(), buildId: 'test' },
    readiness: () => ({ content: { mode: 'fake', ready: true } }),
    ...deps,
  });
  return { app, config, logger, logs };
}

/** One parsed pino line. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** A pino destination that parses each line into `into` (pino writes one JSON line per call). */
export function createLogCapture(into: LogLine[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) into.push(JSON.parse(line) as LogLine);
      callback();
    },
  });
}

/** The request-completed line for a request id (logged on finish, which can trail the response a tick). */
export async function waitForRequestLog(logs: LogLine[], requestId: string, timeoutMs = 1000): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = logs.find((l) => l.reqId === requestId && (l.msg === 'request completed' || l.msg === 'request failed'));
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no request log for ${requestId}; saw ${JSON.stringify(logs.map((l) => l.msg))}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
