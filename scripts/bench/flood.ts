/**
 * The request flood of `bench:images`, run either in the caller's process or
 * in a child process at the lowest CPU priority. Run as a script, this file is
 * that child: it receives `{ base, urls, concurrency }` over IPC, floods, and
 * sends back the status of each request.
 *
 * Why niced: on one 2-core machine the flood generator (undici, 50 requests in
 * flight) takes as much CPU as the server it attacks, and the scheduler shares
 * the cores between them, so pages wait for the attacker's CPU, not for
 * anything the server does. On the open internet the attacker's CPU is not
 * ours. At nice 19 the child only gets a core when the server and the page
 * prober leave one idle (a weight of 15 against 1024 when they compete). We
 * start it through `nice -n 19` rather than renicing it after spawn: Linux
 * nice values are per thread, and Node starts its V8 and libuv threads before
 * any of our code runs, so only a niced exec covers them all.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What the child receives. */
interface FloodJob {
  base: string;
  urls: string[];
  concurrency: number;
}

/** Requests `urls` with `concurrency` in flight from this process; resolves with the status of each (0 for a network error). */
export async function floodHere(base: string, urls: string[], concurrency: number): Promise<number[]> {
  const statuses: number[] = new Array<number>(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      try {
        const res = await fetch(`${base}${urls[i]}`, { redirect: 'manual' });
        await res.arrayBuffer();
        statuses[i] = res.status;
      } catch {
        statuses[i] = 0;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

/** The same flood from a child process started at nice 19 (Linux/macOS `nice`); resolves with the statuses and the child's CPU time. */
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
