import type { Worker } from 'node:cluster';
import type { Logger } from 'pino';

// WEB_CONCURRENCY > 1: this primary only forks, watches and stops workers; each worker is the whole server (ADR 050).

/** The primary kills what is left this long after the workers' own drain deadline. */
const GRACE_MS = 2000;
/** More deaths than this within the window: stop everything and exit 1. */
const CRASH_LOOP = { maxDeaths: 5, windowMs: 60_000 };
const backoffMs = (recentDeaths: number) => Math.min(5000, 100 * 2 ** (recentDeaths - 1));

const EXIT_REQUEST = 'vitrine:may-exit';
const EXIT_GRANTED = 'vitrine:exit-granted';
const EXITING = 'vitrine:exiting';
/**
 * Drain and exit-now go over IPC, not SIGTERM: a SIGTERM sent to the whole process group (systemd's default KillMode) has
 * already reached each worker, and a forwarded one would be its second signal, which cuts the requests in flight.
 */
const DRAIN = 'vitrine:drain';
const EXIT_NOW = 'vitrine:exit-now';

export function obeyPrimary(lifecycle: { requestDrain(reason: string): void; exitNow(reason: string): void }): void {
  process.on('message', (message) => {
    if (message === DRAIN) lifecycle.requestDrain('SIGTERM');
    else if (message === EXIT_NOW) lifecycle.exitNow('SIGTERM');
  });
}

/**
 * A worker's exit after its drain. A connection handed over IPC just before the worker's server closed is still in the pipe;
 * exiting without reading it would leave the primary holding that socket forever. So ask the primary and wait for its answer:
 * by then every earlier hand-off has been read and, the server being closed, sent back for another worker.
 */
export function exitWorker(code: number, waitMs = 1000): void {
  if (!process.connected || !process.send) return void process.exit(code);
  const timer = setTimeout(() => process.exit(code), waitMs);
  process.on('message', (message) => {
    if (message !== EXIT_GRANTED) return;
    clearTimeout(timer);
    // Written after the refusals of those hand-offs: once it completes, they have left too.
    process.send!(EXITING, () => process.exit(code));
  });
  process.send(EXIT_REQUEST);
}

/** Forks workers sharing the listening port, replaces the ones that die, and stops them all on a signal. */
export function startPrimary(options: { workers: number; logger: Logger; shutdownTimeoutMs: number; fork: () => Worker }) {
  const { workers: size, logger, shutdownTimeoutMs, fork } = options;
  const live = new Set<Worker>();
  /** Workers we asked to stop: their exit is no death. */
  const stopping = new WeakSet<Worker>();
  const deaths: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let draining: { signal: string; failed: boolean; deadline: NodeJS.Timeout } | undefined;
  let exited = false;
  let restarting = false;

  /** Workers that listen, and so obey DRAIN (registered in listen()'s turn). */
  const serving = new WeakSet<Worker>();

  const fields = (worker: Worker) => ({ worker: worker.id, pid: worker.process.pid });

  /** One still starting, or whose IPC channel is gone, gets `fallback` instead. */
  function tell(worker: Worker, message: string, fallback: NodeJS.Signals): void {
    const signal = () => void (worker.isDead() || worker.process.kill(fallback));
    if (!serving.has(worker) || !worker.isConnected()) return signal();
    worker.send(message, (error: Error | null) => error && signal());
  }

  function finish(code: number): void {
    if (exited) return;
    exited = true;
    for (const timer of timers) clearTimeout(timer);
    clearTimeout(draining?.deadline);
    logger.flush();
    process.exit(code);
  }

  function spawn(): Worker {
    const worker = fork();
    live.add(worker);
    worker.once('online', () => logger.info(fields(worker), 'worker started'));
    worker.once('listening', (address) => {
      serving.add(worker);
      logger.info({ ...fields(worker), port: address.port }, 'worker listening');
    });
    worker.once('exit', (code, signal) => onExit(worker, code, signal));
    worker.on('message', (message) => message === EXIT_REQUEST && worker.isConnected() && worker.send(EXIT_GRANTED));
    return worker;
  }

  function onExit(worker: Worker, code: number | null, signal: string | null): void {
    live.delete(worker);
    const planned = stopping.has(worker) || draining !== undefined;
    const clean = code === 0 || (planned && signal === 'SIGTERM');
    if (draining) {
      draining.failed ||= !clean;
      logger[clean ? 'info' : 'error']({ ...fields(worker), code, signal, remaining: live.size }, 'worker exited');
      if (live.size === 0) {
        logger.info({ signal: draining.signal, failed: draining.failed }, 'all workers stopped');
        finish(draining.failed ? 1 : 0);
      }
      return;
    }
    if (planned) return void logger.info({ ...fields(worker), code, signal }, 'worker exited');
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - CRASH_LOOP.windowMs) deaths.shift();
    if (deaths.length > CRASH_LOOP.maxDeaths) {
      logger.fatal(
        { ...fields(worker), code, signal, deaths: deaths.length, windowMs: CRASH_LOOP.windowMs },
        'workers keep dying; stopping so the service restarts',
      );
      return stopAll('crash loop', 1);
    }
    const delayMs = backoffMs(deaths.length);
    logger.error({ ...fields(worker), code, signal, replaceInMs: delayMs }, 'worker died; replacing it');
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!draining) spawn();
    }, delayMs);
    timers.add(timer);
  }

  /** Workers ignore SIGINT and take no SIGTERM from us: see DRAIN. */
  function stopAll(signal: string, code?: number): void {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const deadline = setTimeout(() => {
      const left = [...live].map(fields);
      logger.error({ timeoutMs: shutdownTimeoutMs + GRACE_MS, workers: left }, 'workers did not stop in time; killing them');
      for (const worker of live) worker.process.kill('SIGKILL');
      finish(1);
    }, shutdownTimeoutMs + GRACE_MS);
    draining = { signal, failed: code !== undefined && code !== 0, deadline };
    logger.info({ signal, workers: live.size }, 'stopping workers');
    if (live.size === 0) return finish(draining.failed ? 1 : 0);
    for (const worker of live) tell(worker, DRAIN, 'SIGTERM');
  }

  /** A new worker listens before its predecessor drains, so capacity never drops below `size`. */
  async function rollingRestart(): Promise<void> {
    if (restarting || draining) return;
    restarting = true;
    logger.info({ workers: live.size }, 'rolling restart');
    try {
      for (const old of [...live]) {
        if (draining) return;
        if (!live.has(old)) continue;
        const next = spawn();
        const ready = await new Promise<boolean>((resolve) => {
          next.once('listening', () => resolve(true));
          next.once('exit', () => resolve(false));
        });
        if (!ready) return void logger.error({ ...fields(old) }, 'rolling restart stopped: the new worker exited before listening');
        // The old one died meanwhile (onExit replaces it): the new one is then the worker too many.
        const retired = live.has(old) ? old : next;
        stopping.add(retired);
        tell(retired, DRAIN, 'SIGTERM');
        await new Promise((resolve) => (retired.isDead() ? resolve(undefined) : retired.once('exit', resolve)));
      }
      logger.info({ workers: live.size }, 'rolling restart complete');
    } finally {
      restarting = false;
    }
  }

  logger.info({ workers: size }, 'starting workers');
  for (let n = 0; n < size; n++) spawn();

  return {
    shutdown(signal: string): void {
      if (!draining) return stopAll(signal);
      draining.failed = true;
      for (const worker of live) tell(worker, EXIT_NOW, 'SIGKILL');
    },
    rollingRestart,
  };
}
