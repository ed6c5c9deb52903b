import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect } from 'node:net';

import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';

import { createGracefulShutdown } from './graceful-shutdown.ts';
import { createLogCapture } from '../../tests/fakes/test-app.ts';

import type { LogLine } from '../../tests/fakes/test-app.ts';
import type { GracefulShutdownOptions } from './graceful-shutdown.ts';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    if (server.listening) server.close();
  }
});

/** A real server on port 0 with the shutdown under test; `exited` resolves with the code it would exit with. */
async function startServer(handler: RequestListener, options: Partial<GracefulShutdownOptions> = {}) {
  const logs: LogLine[] = [];
  const server = createServer();
  servers.push(server);
  let resolveExit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  const lifecycle = createGracefulShutdown(server, {
    logger: pino({ level: 'info' }, createLogCapture(logs)),
    timeoutMs: 2000,
    idleCloseMs: 100,
    exit: resolveExit,
    ...options,
  });
  server.on('request', handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, lifecycle, exited, logs };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one GET on a raw socket and reads one Content-Length-framed response. */
function get(socket: Socket, path: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = buffer.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const body = buffer.slice(end + 4);
      if (body.length < Number(headers['content-length'] ?? 0)) return;
      socket.off('data', onData);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

const ok: RequestListener = (_req, res) => res.end('ok');

describe('createGracefulShutdown', () => {
  it('answers a request in flight with Connection: close, runs close, then exits 0', async () => {
    let release: () => void = () => undefined;
    const { port, lifecycle, exited, logs } = await startServer((_req, res) => void (release = () => res.end('late')));
    const socket = await open(port);
    const response = get(socket, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 20));

    lifecycle.shutdown('SIGTERM');
    setTimeout(() => release(), 50);

    expect(await response).toMatchObject({ status: 200, body: 'late', headers: { connection: 'close' } });
    expect(await exited).toBe(0);
    expect(logs.map((line) => line.msg)).toEqual(['shutting down', 'shutdown complete']);
  });

  it('answers with Connection: close a request that arrives on an open socket while draining', async () => {
    const { port, lifecycle, exited, logs } = await startServer(ok);
    const socket = await open(port);
    expect((await get(socket, '/first')).headers.connection).toBe('keep-alive');

    lifecycle.shutdown('SIGTERM');
    const during = await get(socket, '/during');

    expect(during).toMatchObject({ status: 200, body: 'ok', headers: { connection: 'close' } });
    await once(socket, 'close');
    expect(await exited).toBe(0);
    expect(logs.at(-1)).toMatchObject({ msg: 'shutdown complete', servedWhileDraining: 1 });
  });

  it('refuses new connections once draining', async () => {
    const { port, lifecycle, exited } = await startServer(ok);
    const idle = await open(port);

    lifecycle.shutdown('SIGTERM');
    const refused = connect(port, '127.0.0.1');

    expect(((await once(refused, 'error')) as [NodeJS.ErrnoException])[0].code).toBe('ECONNREFUSED');
    expect(lifecycle.isDraining()).toBe(true);
    idle.destroy();
    expect(await exited).toBe(0);
  });

  it('closes an idle keep-alive socket only after it has been idle for idleCloseMs', async () => {
    const { port, lifecycle, exited, logs } = await startServer(ok, { idleCloseMs: 150 });
    const socket = await open(port);
    await get(socket, '/');
    const shutdownAt = Date.now();

    lifecycle.shutdown('SIGTERM');
    await once(socket, 'close');

    expect(Date.now() - shutdownAt).toBeGreaterThanOrEqual(100);
    expect(await exited).toBe(0);
    expect(logs.at(-1)).toMatchObject({ msg: 'shutdown complete', idleClosed: 1, servedWhileDraining: 0 });
  });

  it('answers a request that waited in the socket buffer while the event loop was busy past idleCloseMs', async () => {
    const { port, lifecycle, exited } = await startServer(ok, { idleCloseMs: 100 });
    const socket = await open(port);
    await get(socket, '/first');

    lifecycle.shutdown('SIGTERM');
    const second = get(socket, '/second');
    const busyUntil = Date.now() + 200;
    while (Date.now() < busyUntil) continue;

    expect(await second).toMatchObject({ status: 200, headers: { connection: 'close' } });
    expect(await exited).toBe(0);
  });

  it('logs what is still open at the deadline, destroys it and exits 1', async () => {
    const { port, lifecycle, exited, logs } = await startServer(() => undefined, { timeoutMs: 150 });
    const socket = await open(port);
    socket.write('GET /hangs?token=secret HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));

    lifecycle.shutdown('SIGTERM');

    expect(await exited).toBe(1);
    await once(socket, 'close');
    const line = logs.find((l) => l.msg === 'shutdown timed out; closed what was still open');
    expect(line).toMatchObject({ level: 50, timeoutMs: 150, connections: 1, requests: 1, openRequests: [{ method: 'GET', path: '/hangs' }] });
  });

  it('exits 1 at once on a second signal', async () => {
    const { port, lifecycle, exited, logs } = await startServer(() => undefined, { timeoutMs: 10_000 });
    const socket = await open(port);
    socket.write('GET /hangs HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const startedAt = Date.now();

    lifecycle.shutdown('SIGTERM');
    lifecycle.shutdown('SIGINT');

    expect(await exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(logs.at(-1)).toMatchObject({ msg: 'second signal; exiting without waiting', signal: 'SIGINT', openRequests: [{ path: '/hangs' }] });
  });

  it("counts a cluster primary's request to drain as no signal: the worker's own SIGTERM after it keeps draining", async () => {
    let answer: (() => void) | undefined;
    const { port, lifecycle, exited, logs } = await startServer((_req, res) => void (answer = () => res.end('done')), { timeoutMs: 10_000 });
    const socket = await open(port);
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));

    lifecycle.requestDrain('SIGTERM');
    lifecycle.shutdown('SIGTERM');
    lifecycle.requestDrain('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer!();

    expect(await exited).toBe(0);
    expect(logs.map((line) => line.msg)).toEqual(['shutting down', 'shutdown complete']);
  });

  it('exits 1 when closing the services fails', async () => {
    const { lifecycle, exited, logs } = await startServer(ok, { close: () => Promise.reject(new Error('db gone')) });

    lifecycle.shutdown('SIGTERM');

    expect(await exited).toBe(1);
    expect(logs.at(-1)).toMatchObject({ msg: 'closing services failed', err: { message: 'db gone' } });
  });

  it('runs close once no connection is left, then exits 0', async () => {
    const seen: string[] = [];
    const countConnections = (server: Server) => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    const started = await startServer(ok, { close: async () => void seen.push(`close with ${await countConnections(started.server)} connections`) });
    const socket = await open(started.port);
    await get(socket, '/');

    started.lifecycle.shutdown('SIGTERM');
    seen.push(`exit ${await started.exited}`);

    expect(seen).toEqual(['close with 0 connections', 'exit 0']);
  });

  it('exits 1 on an unhandled rejection while serving', async () => {
    const { lifecycle, exited, logs } = await startServer(ok);

    lifecycle.handleUnhandledRejection(new Error('nobody listened'));

    expect(await exited).toBe(1);
    expect(logs.at(-1)).toMatchObject({ level: 60, msg: 'unhandled rejection', err: { message: 'nobody listened' } });
  });

  it('logs an unhandled rejection while draining and still exits 0', async () => {
    let release: () => void = () => undefined;
    const { port, lifecycle, exited, logs } = await startServer((_req, res) => void (release = () => res.end('late')));
    const socket = await open(port);
    const response = get(socket, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 20));

    lifecycle.shutdown('SIGTERM');
    lifecycle.handleUnhandledRejection(new Error('aborted upstream call'));
    release();

    expect((await response).status).toBe(200);
    expect(await exited).toBe(0);
    expect(logs.map((line) => [line.level, line.msg])).toEqual([
      [30, 'shutting down'],
      [50, 'unhandled rejection while draining'],
      [30, 'shutdown complete'],
    ]);
  });
});
