import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs the real process entry (server/index.ts under Node's type stripping) with exactly `env`. */
function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['server/index.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 });
}

describe('server/index.ts start-up', () => {
  // Each spawns the server process: seconds on a loaded 2-core CI machine, more than vitest's 5 s default.
  it('exits non-zero with one line naming a bad variable', { timeout: 30_000 }, () => {
    const result = runServer({ PORT: 'not-a-port' });

    expect(result.status).toBe(1);
    expect(result.stderr).toBe('config error: PORT: must be a number\n');
    expect(result.stdout).toBe('');
  });

  it('prints one line per bad variable', { timeout: 30_000 }, () => {
    const result = runServer({ PORT: '-1', TRUST_PROXY: 'nonsense' });

    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'config error: PORT: must be at least 0',
      'config error: TRUST_PROXY: must be true, false, a hop count, or IPs/CIDRs/loopback/linklocal/uniquelocal',
    ]);
  });
});
