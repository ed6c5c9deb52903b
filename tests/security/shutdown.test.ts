import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startFakeContentful } from '../fakes/contentful.ts';
import { createStubBuildRoot, signedPublish, startServerProcess, WEBHOOK, WEBHOOK_SECRET } from './support/server-process.ts';

import type { FakeContentful } from '../fakes/contentful.ts';
import type { ServerProcess } from './support/server-process.ts';
import type { Socket } from 'node:net';

/**
 * Graceful shutdown (ADR 014), on the real process entry with real sockets: SIGTERM
 * under keep-alive load drains and exits 0 (it used to serve on until the
 * hard exit, with exit 1 and reset connections), a slow request still gets
 * its answer, and what cannot finish is named before the forced exit.
 */
let stub: ReturnType<typeof createStubBuildRoot>;
let server: ServerProcess | undefined;
let fake: FakeContentful | undefined;

beforeAll(() => {
  stub = createStubBuildRoot();
});
afterEach(async () => {
  server?.child.kill('SIGKILL');
  server = undefined;
  await fake?.close();
  fake = undefined;
});
afterAll(() => stub.remove());

interface Answer {
  status: number;
  connection: string | undefined;
  reusedSocket: boolean;
  body: string;
}

function get(port: number, path: string, agent: Agent | false, post?: { headers: Record<string, string>; body: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const method = post ? 'POST' : 'GET';
    const req = request({ host: '127.0.0.1', port, path, agent, method, ...(post ? { headers: post.headers } : {}) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reusedSocket: req.reusedSocket, body }));
    });
    req.on('error', reject);
    req.end(post?.body);
  });
}

/**
 * `connections` keep-alive clients, each sending its next request as soon as the last is answered, until
 * a request fails. Errors are split by whether the request went out on a connection the server had accepted
 * (`reused`) or on a new one, which a client opens only after a `Connection: close` answer, so during the drain.
 */
function startLoad(port: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const lastConnectionHeader = new Map<Socket, string | undefined>();
  const errors: Array<{ code: string; reused: boolean }> = [];
  let responses = 0;
  const send = (path: string) =>
    new Promise<boolean>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        lastConnectionHeader.set(res.socket, res.headers.connection);
        res.resume();
        res.on('end', () => resolve(++responses > 0));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(!errors.push({ code: error.code ?? error.message, reused: req.reusedSocket })));
      req.end();
    });
  const client = async (n: number) => {
    while (await send(n % 2 ? '/healthz' : '/api/content/tags')) continue;
  };
  const done = Promise.all(Array.from({ length: connections }, (_, n) => client(n)));
  return { done, errors, lastConnectionHeader, responses: () => responses, agent };
}

describe('server process shutdown', { timeout: 30_000 }, () => {
  it('drains 100 busy keep-alive connections and exits 0 without resetting one', async () => {
    server = await startServerProcess(stub.root, { SSR_ABORT_MS: '1000', SHUTDOWN_TIMEOUT_MS: '3000' });
    const load = startLoad(server.port, 100);
    // Every client on a connection the server has accepted (answered once), and some traffic on top.
    while (load.lastConnectionHeader.size < 100 || load.responses() < 1000) await new Promise((resolve) => setTimeout(resolve, 20));

    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    await load.done;

    expect(code).toBe(0);
    expect(at - killedAt).toBeLessThan(3000);
    // A new connection still in the kernel's accept queue when the listener closes is reset by the kernel, not by us (ADR 014).
    expect(load.errors.filter((error) => error.reused || !['ECONNREFUSED', 'ECONNRESET'].includes(error.code))).toEqual([]);
    expect([...load.lastConnectionHeader.values()].filter((header) => header !== 'close')).toEqual([]);
    expect(server.logs.find((line) => line.msg === 'shutdown complete')).toMatchObject({ servedWhileDraining: expect.any(Number) });
    load.agent.destroy();
  });

  it('answers a request waiting on a slow Contentful with 200 after SIGTERM, refusing new connections meanwhile', async () => {
    fake = await startFakeContentful();
    server = await startServerProcess(stub.root, {
      ...fake.env,
      CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SSR_ABORT_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '8000',
    });
    // Pages and content come from the replica (ADR 061); a webhook waits on Contentful: it answers once the replica synced the publish.
    fake.clearLog();
    fake.delay(1000);
    const slow = get(server.port, WEBHOOK, false, signedPublish('article-rendering-light')).catch((error: unknown) => error);
    while (fake.count((r) => r.resource === '/sync') === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(server.port, '/healthz', keptAlive)).connection).toBe('keep-alive');

    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    await server.waitForLog('shutting down');
    const readyz = await get(server.port, '/readyz', keptAlive);
    const refused = connect(server.port, '127.0.0.1');
    const [connectError] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    const stillDraining = server.child.exitCode === null;
    const answer = (await slow) as Answer;
    const { code, at } = await server.exited;

    expect(readyz).toMatchObject({ status: 503, connection: 'close', reusedSocket: true });
    expect(JSON.parse(readyz.body)).toMatchObject({ status: 'not-ready', reason: 'shutting down' });
    expect(connectError.code).toBe('ECONNREFUSED');
    expect(stillDraining).toBe(true);
    expect(answer).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(answer.body)).toEqual({ synced: { kind: 'Entry', id: 'article-rendering-light' } });
    expect(code).toBe(0);
    expect(at - killedAt).toBeLessThan(8000);
    keptAlive.destroy();
  });

  it('names the request still open at SHUTDOWN_TIMEOUT_MS, cuts it and exits 1', async () => {
    server = await startServerProcess(stub.root, { SSR_ABORT_MS: '500', SHUTDOWN_TIMEOUT_MS: '1000' });
    const stuck = await sendHalfABody(server.port);

    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;

    expect(code).toBe(1);
    expect(at - killedAt).toBeGreaterThanOrEqual(1000);
    expect(at - killedAt).toBeLessThan(2500);
    expect(server.logs.find((line) => line.msg === 'shutdown timed out; closed what was still open')).toMatchObject({
      timeoutMs: 1000,
      requests: 1,
      openRequests: [{ method: 'POST', path: '/1/indexes/vitrine_en-US/query' }],
    });
    expect(stuck.destroyed || (await once(stuck, 'close'))).toBeTruthy();
  });

  it('exits 1 at once on a second signal', async () => {
    server = await startServerProcess(stub.root, { SSR_ABORT_MS: '5000', SHUTDOWN_TIMEOUT_MS: '10000' });
    await sendHalfABody(server.port);

    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    await server.waitForLog('shutting down');
    server.child.kill('SIGINT');
    const { code, at } = await server.exited;

    expect(code).toBe(1);
    expect(at - killedAt).toBeLessThan(2000);
    expect(server.logs.at(-1)).toMatchObject({ msg: 'second signal; exiting without waiting', signal: 'SIGINT', requests: 1 });
  });
});

/** A search request whose body never finishes arriving: in flight until someone cuts it. */
async function sendHalfABody(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write('POST /1/indexes/vitrine_en-US/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":');
  await new Promise((resolve) => setTimeout(resolve, 100));
  return socket;
}
