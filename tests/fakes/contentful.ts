import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import express from 'express';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';

import { createCdaRouter, createCdaServer } from './cda-server.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A wire-level fake Contentful: the embedded CDA engine served over a real
 * socket (port 0) with the CDA URL layout, behind a switch that can make it
 * fail, hang, rate-limit or slow down. The app reaches it exactly as it
 * reaches Contentful: `CONTENTFUL_HOST=http://127.0.0.1:<port>` plus tokens.
 */

/** The demo space the app ships with (docs/content-model.md). */
export const DEMO_EXPORT_FILE = fileURLToPath(new URL('../../content/space-export.json', import.meta.url));
export const DEMO_SPACE = 'vitrine-demo';

/** The tokens the fake accepts; anything else answers 401 AccessTokenInvalid, as the CDA does. */
export const FAKE_TOKENS = { delivery: 'fake-cda-token-0123', preview: 'fake-cpa-token-4567' } as const;

/** The raw JSON of a space export (mutable copy; see `FakeContentful.update`). */
export type RawExport = {
  entries: Array<{ sys: { id: string; [key: string]: unknown }; fields: Record<string, Record<string, unknown>>; metadata?: unknown }>;
  [key: string]: unknown;
};

let demoText: string | undefined;

/** A fresh, mutable copy of the demo export's JSON. */
export function readDemoExport(): RawExport {
  demoText ??= readFileSync(DEMO_EXPORT_FILE, 'utf8');
  return JSON.parse(demoText) as RawExport;
}

/** What the fake does with the next requests. */
export type FakeMode =
  | { kind: 'ok' }
  /** Answer every request with this status and a CDA error body. */
  | { kind: 'fail'; status: number }
  /** Accept the connection and never answer. */
  | { kind: 'hang' }
  /** Answer 429 with `X-Contentful-RateLimit-Reset` (or `Retry-After`) `remaining` more times, then serve again. */
  | { kind: 'rateLimit'; remaining: number; resetS: number; header: RateLimitHeader }
  /** Send 200 and headers, then one byte of the body every `intervalMs`, never finishing. */
  | { kind: 'drip'; intervalMs: number }
  /** Destroy the connection without an answer (ECONNRESET). */
  | { kind: 'reset' };

/** How a 429 says when to come back: Contentful's header or the standard one. */
export type RateLimitHeader = 'X-Contentful-RateLimit-Reset' | 'Retry-After';

export interface FakeRequest {
  method: string;
  /** Path below the space, e.g. `/entries`, `/tags`, `/taxonomy/concepts`. */
  resource: string;
  query: Record<string, string>;
  preview: boolean;
  /** Status sent (0 while pending or never answered). */
  status: number;
}

export interface FakeContentful {
  origin: string;
  /** Environment that points the app at the fake (delivery and preview tokens, host). */
  env: Record<string, string>;
  /** Every request in arrival order. */
  readonly requests: readonly FakeRequest[];
  /** How many requests matched (all when no filter). */
  count(filter?: (request: FakeRequest) => boolean): number;
  clearLog(): void;
  fail(status?: number): void;
  hang(): void;
  /** 429 for the next `times` requests (Infinity: until `recover`), asking to wait `resetS` (default 1). */
  rateLimit(times: number, resetS?: number, header?: RateLimitHeader): void;
  drip(intervalMs?: number): void;
  reset(): void;
  /** Requests being answered right now, and the most at once since start or `clearLog`. */
  readonly inFlight: number;
  readonly peakInFlight: number;
  /** Delay every answer (errors included) by `ms`. 0 turns it off. */
  delay(ms: number): void;
  /** Back to serving normally (keeps the delay). */
  recover(): void;
  /** Edits the export, then serves the edited space (as a publish in Contentful would). */
  update(edit: (data: RawExport) => void): void;
  close(): Promise<void>;
}

export interface FakeContentfulOptions {
  /** The export to serve; the demo space by default. */
  data?: RawExport;
}

/** Starts the fake on 127.0.0.1, port 0. Close it in `afterAll`/`afterEach`. */
export async function startFakeContentful(options: FakeContentfulOptions = {}): Promise<FakeContentful> {
  const data = options.data ?? readDemoExport();
  // One engine for the fake's life: an edit is a change its Sync API reports (deltas, tombstones), as a publish in Contentful.
  const engine = createCdaServer(createCdaEngine(toSpace(data)), { accessTokens: FAKE_TOKENS });
  const router = createCdaRouter(engine);
  // The replica the app keeps of this space (ADR 061): a fresh folder per fake; apps pointed at the same fake share it, like a restart.
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-fake-contentful-'));
  let mode: FakeMode = { kind: 'ok' };
  let delayMs = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  const requests: FakeRequest[] = [];

  const app = express();
  app.use((req, res, next) => {
    const url = new URL(req.url, 'http://fake.invalid');
    const entry: FakeRequest = {
      method: req.method,
      resource: url.pathname.replace(/^\/spaces\/[^/]+(\/environments\/[^/]+)?/, '') || '/',
      query: Object.fromEntries(url.searchParams),
      preview: req.get('authorization') === `Bearer ${FAKE_TOKENS.preview}`,
      status: 0,
    };
    requests.push(entry);
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.on('close', () => {
      inFlight--;
      if (res.writableFinished) entry.status = res.statusCode;
    });
    const current = mode;
    if (current.kind === 'rateLimit' && --current.remaining <= 0) mode = { kind: 'ok' };
    const answer = () => {
      if (current.kind === 'hang') return;
      if (current.kind === 'fail')
        return sendError(res, current.status, current.status === 503 ? 'ServiceUnavailable' : 'ServerError', 'Fake Contentful is down');
      if (current.kind === 'rateLimit') {
        res.set(current.header, String(current.resetS));
        return sendError(res, 429, 'RateLimitExceeded', 'You have exceeded the rate limit of the Organization this Space belongs to.');
      }
      if (current.kind === 'reset') return void req.socket.destroy();
      if (current.kind === 'drip') return drip(res, current.intervalMs);
      router(req, res, next);
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });

  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    env: {
      CONTENTFUL_SPACE_ID: DEMO_SPACE,
      CONTENTFUL_ACCESS_TOKEN: FAKE_TOKENS.delivery,
      CONTENTFUL_PREVIEW_TOKEN: FAKE_TOKENS.preview,
      CONTENTFUL_HOST: origin,
      DATA_DIR: dataDir,
      // Model validation would download the export's ctfassets.net files: tests never touch the internet.
      MODEL_VALIDATION: 'false',
    },
    requests,
    count: (filter) => (filter ? requests.filter(filter).length : requests.length),
    clearLog: () => {
      requests.length = 0;
      peakInFlight = inFlight;
    },
    fail: (status = 500) => {
      mode = { kind: 'fail', status };
    },
    hang: () => {
      mode = { kind: 'hang' };
    },
    rateLimit: (times, resetS = 1, header = 'X-Contentful-RateLimit-Reset') => {
      mode = times > 0 ? { kind: 'rateLimit', remaining: times, resetS, header } : { kind: 'ok' };
    },
    drip: (intervalMs = 100) => {
      mode = { kind: 'drip', intervalMs };
    },
    reset: () => {
      mode = { kind: 'reset' };
    },
    get inFlight() {
      return inFlight;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    delay: (ms) => {
      delayMs = ms;
    },
    recover: () => {
      mode = { kind: 'ok' };
    },
    update: (edit) => {
      const before = new Map(itemsOf(data).map((item) => [item.sys.id, JSON.stringify(item)]));
      edit(data);
      // As a publish does: the changed entry or asset gets the next revision and a new publish time.
      const now = new Date().toISOString();
      for (const item of itemsOf(data)) {
        if (before.get(item.sys.id) === JSON.stringify(item)) continue;
        const sys = item.sys as Record<string, unknown>;
        if (sys['publishedVersion'] === undefined) continue;
        Object.assign(sys, { publishedCounter: Number(sys['publishedCounter'] ?? 1) + 1, publishedAt: now, updatedAt: now });
      }
      engine.replace(toSpace(data));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const itemsOf = (data: RawExport) => [...data.entries, ...((data['assets'] ?? []) as RawExport['entries'])];

/** A deep copy: the engine indexes and freezes what it is given, the test keeps editing `data`. */
function toSpace(data: RawExport) {
  return parseSpaceExport(structuredClone(data), 'fake-contentful').space;
}

/** A body that starts at once and never ends: each byte resets an idle timer, so only a wall-clock limit stops it. */
function drip(res: express.Response, intervalMs: number): void {
  res.status(200).type('application/vnd.contentful.delivery.v1+json');
  res.flushHeaders();
  res.write('{');
  const timer = setInterval(() => res.write(' '), intervalMs);
  res.on('close', () => clearInterval(timer));
}

function sendError(res: express.Response, status: number, id: string, message: string): void {
  res
    .status(status)
    .type('application/vnd.contentful.delivery.v1+json')
    .send(JSON.stringify({ sys: { type: 'Error', id }, message, requestId: 'fake' }));
}

/** Finds an entry of the raw export by id (throws when missing, so a typo fails loudly). */
export function entryOf(data: RawExport, id: string): RawExport['entries'][number] {
  const entry = data.entries.find((e) => e.sys.id === id);
  if (!entry) throw new Error(`no entry ${id} in the export`);
  return entry;
}
