/**
 * The flood of `bench:images`, from the caller's process or from a child at nice 19 (why: ADR 035). Run as a script, this file is that
 * child: it gets `{ base, urls, concurrency }` over IPC, floods, and sends back each request's status and its CPU time.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import pLimit from 'p-limit';

type FloodJob = { base: string; urls: string[]; concurrency: number };

/** Requests `urls`, `concurrency` in flight, from this process; resolves with each status (0 for a network error). */
export function floodHere(base: string, urls: string[], concurrency: number): Promise<number[]> {
  const limit = pLimit(concurrency);
  const request = async (url: string) => {
    const res = await fetch(`${base}${url}`, { redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  };
  return Promise.all(urls.map((url) => limit(() => request(url).catch(() => 0))));
}

/** The same flood from a child started through `nice -n 19` (not reniced later: nice is per thread, and V8's threads start first). */
export function floodNiced(base: string, urls: string[], concurrency: number): Promise<{ statuses: number[]; cpuMs: number }> {
  const child = spawn('nice', ['-n', '19', process.execPath, fileURLToPath(import.meta.url)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((done, fail) => {
    let result: { statuses: number[]; cpuMs: number } | undefined;
    child.once('error', fail);
    child.on('message', (message: { statuses: number[]; cpuMs: number }) => (result = message));
    child.once('exit', (code) => (result ? done(result) : fail(new Error(`flood child exited with ${code} before reporting`))));
    child.send({ base, urls, concurrency } satisfies FloodJob);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (job: FloodJob) => {
    void floodHere(job.base, job.urls, job.concurrency).then((statuses) => {
      const { user, system } = process.cpuUsage();
      process.send!({ statuses, cpuMs: (user + system) / 1000 }, () => process.disconnect());
    });
  });
}
