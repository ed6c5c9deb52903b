import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ChildProcess } from 'node:child_process';

/**
 * A throwaway Redis/Valkey server for the multi-instance tests: TEST_REDIS_BIN (set by scripts/ci/redis.sh), or valkey-server /
 * redis-server on PATH. Without one the tests skip locally; in CI (CI=true) that is an error, so they never skip there.
 */
export function findRedisBinary(): string | undefined {
  if (process.env.TEST_REDIS_BIN) return process.env.TEST_REDIS_BIN;
  for (const name of ['valkey-server', 'redis-server']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) return found;
  }
  if (process.env.CI === 'true') throw new Error('no valkey-server or redis-server in CI: run eval "$(scripts/ci/redis.sh)" before the tests');
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TestRedis {
  url: string;
  /** Kills the server (SIGKILL: clients see a dropped connection, as in a crash). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedis(bin: string): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'];
    const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/ready to accept connections/i.test(output)) resolve();
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`${bin} exited with ${code}:\n${output}`)));
    });
  };
  const kill = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
