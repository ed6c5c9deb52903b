import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

/** exitWorker on a real child with an IPC channel: this test plays the primary (ADR 050, "A drained worker asks"). */
const ROOT = resolve(import.meta.dirname, '../..');

function startWorker(code: number, waitMs: number) {
  const script = `import { exitWorker } from '#server/lifecycle/cluster.ts'; exitWorker(${code}, ${waitMs});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const messages: unknown[] = [];
  child.on('message', (message) => messages.push(message));
  const exited = once(child, 'exit').then(([exitCode]) => exitCode as number | null);
  return { child, messages, exited };
}

describe('exitWorker', () => {
  it('asks the primary, and exits with its code only once the primary answers', async () => {
    const { child, messages, exited } = startWorker(3, 30_000);
    while (messages.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(messages).toEqual(['vitrine:may-exit']);
    await new Promise((r) => setTimeout(r, 200));
    expect(child.exitCode).toBe(null);

    // Its own wait is 30 s, past this test's timeout: only the answer can end it in time.
    child.send('vitrine:exit-granted');
    expect(await exited).toBe(3);
  });

  it('exits after waitMs when the primary does not answer', async () => {
    const { messages, exited } = startWorker(0, 300);
    expect(await exited).toBe(0);
    expect(messages).toEqual(['vitrine:may-exit']);
  });
});
