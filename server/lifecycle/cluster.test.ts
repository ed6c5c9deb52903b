import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '#server/config.ts';

import { startFakeContentful } from '../../tests/fakes/contentful.ts';
import { createStubBuildRoot, serverProcessEnv, signedPublish, WEBHOOK, WEBHOOK_SECRET } from '../../tests/security/support/server-process.ts';

import type { FakeContentful } from '../../tests/fakes/contentful.ts';
import type { ProcessLogLine } from '../../tests/security/support/server-process.ts';
import type { ChildProcess } from 'node:child_process';

/** WEB_CONCURRENCY on the real process entry: a primary, real workers sharing one port, real signals (ADR 050). */
const ROOT = resolve(import.meta.dirname, '../..');
let stub: ReturnType<typeof createStubBuildRoot>;
let running: ChildProcess | undefined;
let fake: FakeContentful | undefined;

beforeAll(() => {
  stub = createStubBuildRoot();
});
afterEach(async () => {
  // The whole group: the primary and its workers.
  if (running?.exitCode === null) process.kill(-running.pid!, 'SIGKILL');
  running = undefined;
  await fake?.close();
  fake = undefined;
});
afterAll(() => stub.remove());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `node server/index.ts` in its own process group (so a test can send Ctrl-C's group-wide SIGINT), logs parsed. */
function startCluster(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(ROOT, 'server/index.ts')], {
    cwd: stub.root,
    detached: true,
    env: serverProcessEnv(stub.root, { MODEL_VALIDATION: 'false', WEB_CONCURRENCY: '2', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  const logs: ProcessLogLine[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  createInterface({ input: child.stdout }).on('line', (line) => line.startsWith('{') && logs.push(JSON.parse(line) as ProcessLogLine));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const lines = (msg: string) => logs.filter((line) => line.msg === msg);
  async function waitFor(msg: string, count = 1, timeoutMs = 20_000): Promise<ProcessLogLine[]> {
    const deadline = Date.now() + timeoutMs;
    while (lines(msg).length < count) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${lines(msg).length}/${count} "${msg}"; exit ${child.exitCode}; ${stderr}`);
      await sleep(20);
    }
    return lines(msg);
  }
  return { child, logs, lines, waitFor, exited };
}

/** A request on a fresh connection (the primary hands connections round-robin), or the error's code. */
async function get(port: number, path: string): Promise<number | string> {
  // A request that hangs is an answer too ('TimeoutError'), so a stuck connection fails its test with a reason instead of
  // stalling it into vitest's timeout (CI once timed out the SIGHUP test after 60 s; it takes ~5 s).
  return fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(10_000) }).then(
    async (res) => (await res.arrayBuffer(), res.status),
    (error: { name?: string; cause?: { code?: string } }) => error.cause?.code ?? error.name ?? 'failed',
  );
}

/** Which workers logged the requests to `path` (their lines carry `worker`). */
const servedBy = (logs: ProcessLogLine[], path: string) =>
  new Set(logs.filter((line) => line.msg === 'request completed' && (line.req as { url: string }).url === path).map((line) => line.worker));

describe('WEB_CONCURRENCY', { timeout: 60_000 }, () => {
  it('runs two workers behind one port and replaces one killed with SIGKILL', async () => {
    const cluster = startCluster({ PREVIEW_SECRET: 'let-me-preview', CONTENTFUL_WEBHOOK_SECRET: 'w'.repeat(64) });
    const listening = await cluster.waitFor('worker listening', 2);
    const port = listening[0]!.port as number;
    expect(new Set(listening.map((line) => line.port))).toEqual(new Set([port]));
    expect(new Set(listening.map((line) => line.pid)).size).toBe(2);
    expect(cluster.lines('without REDIS_URL a webhook reaches one worker; the others sync at their next poll (CONTENTFUL_SYNC_POLL_MS)')).toHaveLength(1);

    // A preview cookie one worker signed is valid on the other (a key of its own would clear it there).
    const entered = await fetch(`http://127.0.0.1:${port}/api/preview?secret=let-me-preview&path=/`, { redirect: 'manual' });
    const cookie = entered.headers.get('set-cookie')!.split(';')[0]!;
    for (let n = 0; n < 6; n++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/content/tags?before`, { headers: { connection: 'close', cookie } });
      expect([res.status, res.headers.get('set-cookie')]).toEqual([200, null]);
    }
    expect(servedBy(cluster.logs, '/api/content/tags?before')).toEqual(new Set([1, 2]));

    process.kill(listening[0]!.pid as number, 'SIGKILL');
    const [died] = await cluster.waitFor('worker died; replacing it');
    expect(died).toMatchObject({ worker: listening[0]!.worker, signal: 'SIGKILL', code: null, replaceInMs: 100 });
    // With one worker left every new connection still gets an answer, while the replacement starts.
    for (let n = 0; n < 4; n++) expect(await get(port, '/api/content/tags?meanwhile')).toBe(200);
    const [, , replacement] = await cluster.waitFor('worker listening', 3);
    expect(replacement).toMatchObject({ worker: 3, port });
    for (let n = 0; n < 6; n++) expect(await get(port, '/api/content/tags?after')).toBe(200);
    expect(servedBy(cluster.logs, '/api/content/tags?after')).toEqual(new Set([listening[1]!.worker, 3]));
    expect(cluster.logs.filter((line) => line.level >= 50 && line.msg !== 'worker died; replacing it')).toEqual([]);
  });

  /**
   * Starts a cluster on a fake Contentful that answers after 1 s, and a request that waits on it: pages come from the replica
   * (ADR 061), a signed publish webhook waits for the replica's sync.
   */
  async function startWithSlowRequest() {
    fake = await startFakeContentful();
    const cluster = startCluster({ ...fake.env, SSR_ABORT_MS: '5000', SHUTDOWN_TIMEOUT_MS: '8000', CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const port = (await cluster.waitFor('worker listening', 2))[0]!.port as number;
    await cluster.waitFor('search index built', 2);
    fake.delay(1000);
    fake.clearLog();
    const { headers, body } = signedPublish('article-rendering-light');
    const slow = fetch(`http://127.0.0.1:${port}${WEBHOOK}`, { method: 'POST', headers, body }).then(async (res) => [res.status, await res.text()]);
    while (fake.count((r) => r.resource === '/sync') === 0) await sleep(10);
    return { cluster, slow };
  }

  it('on SIGTERM answers the request in flight, then exits 0', async () => {
    const { cluster, slow } = await startWithSlowRequest();

    cluster.child.kill('SIGTERM');
    const [status, body] = await slow;

    expect(await cluster.exited).toBe(0);
    expect(status).toBe(200);
    expect(JSON.parse(body as string)).toEqual({ synced: { kind: 'Entry', id: 'article-rendering-light' } });
    expect(cluster.lines('worker exited').map((line) => line.code)).toEqual([0, 0]);
    expect(cluster.lines('all workers stopped')).toMatchObject([{ signal: 'SIGTERM', failed: false }]);
    expect(cluster.lines('worker died; replacing it')).toEqual([]);
  });

  // Ctrl-C signals the whole process group; so do systemd's default KillMode, `kill -TERM -<pgid>` and `pkill -f`.
  it.each(['SIGINT', 'SIGTERM'] as const)('treats %s to the whole process group as one signal: the request in flight is answered, exit 0', async (signal) => {
    const { cluster, slow } = await startWithSlowRequest();

    process.kill(-cluster.child.pid!, signal);
    const [status] = await slow;

    expect(await cluster.exited).toBe(0);
    expect(status).toBe(200);
    expect(cluster.lines('shutdown complete')).toHaveLength(2);
    expect(cluster.lines('second signal; exiting without waiting')).toEqual([]);
    expect(cluster.lines('all workers stopped')).toMatchObject([{ signal, failed: false }]);
  });

  it('on a second SIGTERM to the primary its workers exit at once, naming the request they cut', async () => {
    const { cluster, slow } = await startWithSlowRequest();
    const outcome = slow.then(
      () => 'answered',
      () => 'cut',
    );

    cluster.child.kill('SIGTERM');
    await cluster.waitFor('shutting down', 2);
    cluster.child.kill('SIGTERM');

    expect(await cluster.exited).toBe(1);
    expect(await outcome).toBe('cut');
    const cut = cluster.lines('second signal; exiting without waiting');
    // The idle worker may have finished its drain before the second signal.
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.flatMap((line) => line.openRequests as Array<{ path: string }>).map((request) => request.path)).toEqual([WEBHOOK]);
  });

  it('on SIGHUP replaces the workers one at a time, each after its successor listens', async () => {
    const cluster = startCluster({});
    const port = (await cluster.waitFor('worker listening', 2))[0]!.port as number;

    cluster.child.kill('SIGHUP');
    // Four clients at once, so connections are being handed to a worker as it closes (a hand-off it never read hung).
    const answers: Array<number | string> = [];
    await Promise.all(
      [1, 2, 3, 4].map(async () => {
        while (cluster.lines('rolling restart complete').length === 0 && cluster.child.exitCode === null) answers.push(await get(port, '/healthz'));
      }),
    );

    expect(answers.filter((answer) => answer !== 200)).toEqual([]);
    const events = cluster.logs.filter((line) => line.role === 'primary' && ['worker listening', 'worker exited'].includes(line.msg));
    expect(events.slice(2).map((line) => `${line.msg} ${line.worker as number}`)).toEqual([
      'worker listening 3',
      'worker exited 1',
      'worker listening 4',
      'worker exited 2',
    ]);
    expect(cluster.lines('worker died; replacing it')).toEqual([]);
  });

  it('exits 1 with one clear line when workers keep dying at start', async () => {
    const cluster = startCluster({ CONTENT_EXPORT_FILE: join(stub.root, 'missing-export.json') });

    expect(await cluster.exited).toBe(1);
    expect(cluster.lines('worker died; replacing it').map((line) => line.replaceInMs)).toEqual([100, 200, 400, 800, 1600]);
    expect(cluster.lines('workers keep dying; stopping so the service restarts')).toMatchObject([{ level: 60, deaths: 6, windowMs: 60_000 }]);
  });
});

describe('WEB_CONCURRENCY configuration', () => {
  const issues = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).issues;
    }
  };

  it('is 1 unless set; auto counts the usable cores', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(availableParallelism());
  });

  it('names what is wrong with a bad value', () => {
    const message = 'WEB_CONCURRENCY: must be auto or a whole number from 1 to 64';
    for (const value of ['0', '65', '1.5', 'all', '-2']) expect(issues({ WEB_CONCURRENCY: value })).toEqual([message]);
    expect(issues({ WEB_CONCURRENCY: '2', NODE_ENV: 'development' })).toEqual([
      'WEB_CONCURRENCY: must be 1 in development (Vite and its HMR run in one process); use it with npm start or Docker',
    ]);
    expect(new ConfigError([]).name).toBe('ConfigError');
  });
});
