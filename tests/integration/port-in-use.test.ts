import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStubBuildRoot } from '../security/support/server-process.ts';

import type { Server } from 'node:net';

const ROOT = resolve(import.meta.dirname, '../..');

describe('starting on a port that is taken', () => {
  let holder: Server;
  let port: number;
  let build: ReturnType<typeof createStubBuildRoot>;

  beforeAll(async () => {
    build = createStubBuildRoot();
    holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    port = (holder.address() as { port: number }).port;
  });

  afterAll(() => {
    holder.close();
    build.remove();
  });

  // A whole server process starts: seconds on a loaded 2-core CI machine, more than vitest's 5 s default.
  it('exits 1 with one line that names the port and the fix, before any start-up work', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, [join(ROOT, 'server/index.ts')], {
      cwd: build.root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        CONTENT_EXPORT_FILE: join(ROOT, 'content/space-export.json'),
        DATA_DIR: join(build.root, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number | null];

    expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: `port ${port} is in use; set PORT\n` });
  });
});
