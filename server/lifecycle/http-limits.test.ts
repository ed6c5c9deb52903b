import { connect } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { createHttpServer } from '#server/lifecycle/graceful-shutdown.ts';

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Sends `head` and never finishes the request; resolves with what the server wrote before it closed the socket. */
async function sendAndWait(port: number, head: string): Promise<{ response: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ response, closedAfterMs: Date.now() - started }));
  });
}

describe('createHttpServer', () => {
  it('answers 408 and closes the socket of a client that never finishes its headers', async () => {
    server = createHttpServer({ headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 100 });
    server.on('request', (_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const { response, closedAfterMs } = await sendAndWait(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');

    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('closes the socket of a client that sends its body too slowly', async () => {
    server = createHttpServer({ headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 100 });
    server.on('request', (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const { response, closedAfterMs } = await sendAndWait(port, 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nabc');

    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(5_000);
  });
});
