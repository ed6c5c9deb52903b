import { existsSync, readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStubBuildRoot, startServerProcess } from '../../tests/security/support/server-process.ts';
import { availableMemoryBytes, heapFlags, heapLimitAlreadySet } from './heap-limit.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('availableMemoryBytes', () => {
  it('takes the cgroup limit libuv reads, else the machine', () => {
    expect(availableMemoryBytes(1 * GB, 16 * GB)).toBe(1 * GB);
    expect(availableMemoryBytes(0, 8 * GB)).toBe(8 * GB);
  });

  it('treats v1 "unlimited" (2^63 rounded down to a page) and libuv\'s 2^64 as no limit', () => {
    expect(availableMemoryBytes(9223372036854771712, 16 * GB)).toBe(16 * GB);
    expect(availableMemoryBytes(2 ** 64, 16 * GB)).toBe(16 * GB);
  });

  it('never answers more than the machine has (a limit above it means none)', () => {
    expect(availableMemoryBytes(64 * GB, 4 * GB)).toBe(4 * GB);
  });
});

describe('heapFlags', () => {
  const rest = (semi: number) => [`--max-semi-space-size=${semi}`, '--heap-growing-percent=50'];

  it('gives each process half its share of the memory as old space (64–2,048 MB), 12 MB semi-spaces and a bounded growth', () => {
    expect(heapFlags('auto', 24 * GB, 1)).toEqual(['--max-old-space-size=2048', ...rest(12)]);
    expect(heapFlags('auto', 2 * GB, 1)).toEqual(['--max-old-space-size=1024', ...rest(12)]);
    expect(heapFlags('auto', 768 * MB, 1)).toEqual(['--max-old-space-size=384', ...rest(12)]);
    // Four workers in a 1 GB container: 256 MB each, 128 MB of old space.
    expect(heapFlags('auto', 1 * GB, 4)).toEqual(['--max-old-space-size=128', ...rest(12)]);
  });

  it('caps the semi-spaces at a twelfth of a share under 144 MB (at least 2 MB)', () => {
    expect(heapFlags('auto', 144 * MB, 1)).toEqual(['--max-old-space-size=72', ...rest(12)]);
    expect(heapFlags('auto', 96 * MB, 1)).toEqual(['--max-old-space-size=64', ...rest(8)]);
    expect(heapFlags('auto', 16 * MB, 1)).toEqual(['--max-old-space-size=64', ...rest(2)]);
  });

  it('takes the operator’s MB as they are, or sets nothing with off', () => {
    expect(heapFlags(1024, 512 * MB, 1)).toEqual(['--max-old-space-size=1024', ...rest(12)]);
    expect(heapFlags(96, 24 * GB, 8)).toEqual(['--max-old-space-size=96', ...rest(12)]);
    expect(heapFlags('off', 256 * MB, 1)).toEqual([]);
  });
});

describe('heapLimitAlreadySet', () => {
  it('finds an old-space limit on the command line or in NODE_OPTIONS, spelled with dashes or underscores', () => {
    expect(heapLimitAlreadySet(['--max-old-space-size=512'])).toBe(true);
    expect(heapLimitAlreadySet([], '--enable-source-maps --max_old_space_size=300')).toBe(true);
    expect(heapLimitAlreadySet(['--max-semi-space-size=4'], '--import=./probe.ts')).toBe(false);
    expect(heapLimitAlreadySet([])).toBe(false);
  });
});

// The real process entry in production: the flags land on the serving process itself (same pid, so signals and the exit code too).
describe.skipIf(!existsSync('/proc/self/cmdline'))('the production process', { timeout: 60_000 }, () => {
  let stub: ReturnType<typeof createStubBuildRoot>;
  beforeAll(() => {
    stub = createStubBuildRoot();
  });
  afterAll(() => stub.remove());
  const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const environment = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

  it('restarts itself in place with the heap limit, keeps its pid and drains on SIGTERM', async () => {
    const server = await startServerProcess(stub.root, { MODEL_VALIDATION: 'false', HEAP_LIMIT_MB: '96' });
    expect(commandLine(server.child.pid!)).toEqual(
      expect.arrayContaining(['--max-old-space-size=96', '--max-semi-space-size=12', '--heap-growing-percent=50']),
    );
    expect(environment(server.child.pid!)).toContain('MALLOC_ARENA_MAX=2');
    // V8's limit is the old space plus the young generation (up to 4 semi-spaces): what the start-up line tells the operator.
    const { heapLimitMb } = await server.waitForLog('server listening');
    expect(heapLimitMb).toBeGreaterThanOrEqual(96);
    expect(heapLimitMb).toBeLessThanOrEqual(96 + 4 * 12);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0, signal: null });
  });

  it('keeps an old-space limit the operator set in NODE_OPTIONS', async () => {
    const server = await startServerProcess(stub.root, { MODEL_VALIDATION: 'false', NODE_OPTIONS: '--max-old-space-size=200' });
    expect(commandLine(server.child.pid!).filter((arg) => arg.startsWith('--max-'))).toEqual([]);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it('gives each cluster worker its share, and none to the primary', async () => {
    const server = await startServerProcess(stub.root, { MODEL_VALIDATION: 'false', WEB_CONCURRENCY: '2', HEAP_LIMIT_MB: '80' });
    const workers = [(await server.waitForLog('worker listening')).pid as number];
    expect(commandLine(workers[0]!)).toContain('--max-old-space-size=80');
    expect(commandLine(server.child.pid!).filter((arg) => arg.startsWith('--max-'))).toEqual([]);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
