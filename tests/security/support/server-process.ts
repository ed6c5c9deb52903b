import { signRequest } from '@contentful/node-apps-toolkit';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

import type { ChildProcess } from 'node:child_process';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Exactly `env` plus the production basics a server process in `root` needs: a free port on loopback, the demo space. */
export function serverProcessEnv(root: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    CONTENT_EXPORT_FILE: join(ROOT, 'content/space-export.json'),
    DATA_DIR: join(root, 'data'),
    ...env,
  };
}

/** One parsed pino line of the server's stdout. */
export type ProcessLogLine = Record<string, unknown> & { level: number; msg: string };

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  port: number;
  logs: ProcessLogLine[];
  /** Resolves with the first line with this message (rejects after `timeoutMs`). */
  waitForLog(msg: string, timeoutMs?: number): Promise<ProcessLogLine>;
  /** Exit code (null when killed by a signal) and when it came, by `Date.now()`. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * A folder shaped like a production build, so the real process entry starts
 * with NODE_ENV=production without `npm run build` (the unit test step runs
 * before the build in CI). Its SSR bundle is empty: tests that use it request
 * ops and JSON endpoints, never pages.
 */
export function createStubBuildRoot(): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'vitrine-process-'));
  mkdirSync(join(root, 'dist/client/.vite'), { recursive: true });
  mkdirSync(join(root, 'dist/client/assets'), { recursive: true });
  mkdirSync(join(root, 'dist/server'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'vitrine-process-test', version: '0.0.0-test', private: true }));
  writeFileSync(join(root, 'dist/client/.vite/manifest.json'), JSON.stringify({ 'client/entry.client.tsx': { file: 'assets/entry.js', isEntry: true } }));
  writeFileSync(join(root, 'dist/client/assets/entry.js'), 'export {};\n');
  writeFileSync(join(root, 'dist/server/entry.server.js'), 'export {};\n');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Starts `node server/index.ts` (Node's type stripping) in `root` on a free
 * port with exactly `env` plus the production basics, and waits for
 * "server listening".
 */
export async function startServerProcess(root: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'server/index.ts')], {
    cwd: root,
    env: serverProcessEnv(root, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ProcessLogLine[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) logs.push(JSON.parse(line) as ProcessLogLine);
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, at: Date.now() }));

  async function waitForLog(msg: string, timeoutMs = 10_000): Promise<ProcessLogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = logs.find((l) => l.msg === msg);
      if (line) return line;
      if (Date.now() > deadline || child.exitCode !== null) {
        const seen = logs.map((l) => (l.level >= 50 ? `${l.msg}: ${JSON.stringify(l.err)}` : l.msg));
        throw new Error(`no "${msg}" log line; exit ${child.exitCode}; saw ${JSON.stringify(seen)}; stderr: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const listening = await waitForLog('server listening', 20_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const port = listening.port as number;
  return { child, origin: `http://127.0.0.1:${port}`, port, logs, waitForLog, exited };
}

/** A 64-character signing secret, the length Contentful's webhook signing requires. */
export const WEBHOOK_SECRET = 'w'.repeat(32) + '0123456789abcdef0123456789abcdef';
export const WEBHOOK = '/api/webhooks/contentful';

/** Contentful's signed publish webhook for an entry: with a replica it waits for the sync (ADR 061), a request that waits on Contentful. */
export function signedPublish(id: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ sys: { type: 'Entry', id, contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } } } });
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
  return { headers: { ...headers, ...signRequest(WEBHOOK_SECRET, { method: 'POST', path: WEBHOOK, headers, body }, Date.now()) }, body };
}
