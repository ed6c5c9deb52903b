import { once } from 'node:events';
import { createServer } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { listenProblem, probePort } from './listen-errors.ts';

import type { Server } from 'node:net';

const held: Server[] = [];

async function holdPort(): Promise<number> {
  const server = createServer();
  held.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

afterEach(() => {
  for (const server of held.splice(0)) server.close();
});

describe('probePort', () => {
  it('names a taken port and the variable that moves the server', async () => {
    const port = await holdPort();

    await expect(probePort(port, '127.0.0.1')).resolves.toBe(`port ${port} is in use; set PORT`);
  });

  it('releases a free port, so the server can listen on it right after', async () => {
    const port = await holdPort();
    held.pop()?.close();
    await new Promise((resolve) => setImmediate(resolve));

    await expect(probePort(port, '127.0.0.1')).resolves.toBeUndefined();
    const server = createServer().listen(port, '127.0.0.1');
    held.push(server);
    await expect(once(server, 'listening')).resolves.toEqual([]);
  });

  it('never probes port 0, which is any free port', async () => {
    await expect(probePort(0, '127.0.0.1')).resolves.toBeUndefined();
  });

  it('names a HOST that is not an address of this machine', async () => {
    // 192.0.2.0/24 is TEST-NET-1: never assigned to a machine.
    await expect(probePort(39_999, '192.0.2.1')).resolves.toBe('HOST 192.0.2.1 is not an address of this machine; set HOST');
  });
});

describe('listenProblem', () => {
  const error = (code: string) => Object.assign(new Error(code), { code });

  it('says how to fix a privileged port', () => {
    expect(listenProblem(error('EACCES'), 80, '0.0.0.0')).toBe('port 80 needs privileges (below 1024); set PORT to 1024 or above');
  });

  it('leaves other errors to the caller', () => {
    expect(listenProblem(error('EMFILE'), 3000, '0.0.0.0')).toBeUndefined();
  });
});
