import cluster from 'node:cluster';

import type { Worker } from 'node:cluster';
import type { Logger } from 'pino';

// WEB_CONCURRENCY > 1: this primary only forks, watches and stops workers; each worker is the whole server (ADR 050).

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** Each worker's own drain deadline (SHUTDOWN_TIMEOUT_MS); the primary kills what is left `graceMs` later. */
  shutdownTimeoutMs: number;
  graceMs?: number;
  /** More than `maxDeaths` unexpected deaths within `windowMs`: the primary stops everything and exits 1. */
  crashLoop?: { maxDeaths: number; windowMs: number };
  /** Delay before replacing the n-th recent death (1-based); doubles from 100 ms up to 5 s. */
  backoffMs?: (recentDeaths: number) => number;
  fork?: () => Worker;
  exit?: (code: number) => void;
}

const defaultBackoff = (n: number) => Math.min(5000, 100 * 2 ** (n - 1));

/** A worker done draining asks to exit; the primary answers once it no longer routes connections to it. */
const EXIT_REQUEST = 'vitrine:may-exit';
const EXIT_GRANTED = 'vitrine:exit-granted';
const EXITING = 'vitrine:exiting';
/**
 * The primary asks its workers to drain, or to exit now, over IPC rather than with SIGTERM: a SIGTERM sent to the whole process
 * group (systemd's default KillMode, `kill -TERM -<pgid>`) has already reached each worker, and a forwarded one would be its
 * second signal, which cuts the requests in flight.
 */
const DRAIN = 'vitrine:drain';
const EXIT_NOW = 'vitrine:exit-now';

/** In a worker: obeys the primary's DRAIN and EXIT_NOW. */
export function obeyPrimary(lifecycle: { requestDrain(reason: string): void; exitNow(reason: string): void }): void {
  process.on('message', (message) => {
    if (message === DRAIN) lifecycle.requestDrain('SIGTERM');
    else if (message === EXIT_NOW) lifecycle.exitNow('SIGTERM');
  });
}

/**
 * A worker's exit after its drain. The primary hands each connection over IPC; one handed just before the worker's server
 * closed is still in the pipe, and a worker that exits without reading it leaves the primary holding that socket, unanswered,
 * forever (Node drops the hand-off). So: ask the primary (after the server's close message, which the primary reads first, so it
 * no longer routes here) and wait for its answer: every hand-off sent before it has been read by then — and, the server being
 * closed, sent back to the primary, which gives it to another worker. `waitMs` bounds the wait when the primary does not answer.
 */
export function exitWorker(code: number, waitMs = 1000): void {
  if (!process.connected || !process.send) return void process.exit(code);
  const timer = setTimeout(() => process.exit(code), waitMs);
  process.on('message', (message) => {
    if (message !== EXIT_GRANTED) return;
    clearTimeout(timer);
    // Written after the refusals of those hand-offs, so when this write completes they have left too.
    process.send!(EXITING, () => process.exit(code));
  });
  process.send(EXIT_REQUEST);
}

/** Forks `workers` workers sharing the listening port, replaces the ones that die, and stops them all on a signal. */
export function startPrimary(options: PrimaryOptions) {
  const { workers: size, logger, shutdownTimeoutMs, graceMs = 2000, crashLoop = { maxDeaths: 5, windowMs: 60_000 } } = options;
  const { backoffMs = defaultBackoff, fork = () => cluster.fork(), exit = (code: number) => process.exit(code) } = options;
  const live = new Set<Worker>();
  /** Workers we asked to stop (shutdown or rolling restart): their exit is no death. */
  const stopping = new WeakSet<Worker>();
  const deaths: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let draining: { signal: string; failed: boolean; deadline: NodeJS.Timeout } | undefined;
  let exited = false;
  let restarting = false;

  /** Workers that listen, and so obey DRAIN (server/index.ts `serve` registers it in listen()'s turn); one still starting gets the signal. */
  const serving = new WeakSet<Worker>();

  const fields = (worker: Worker) => ({ worker: worker.id, pid: worker.process.pid });

  /** Sends `message` to a serving worker; one still starting, or whose IPC channel is gone, gets `fallback` instead. */
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
    exit(code);
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
    while (deaths[0]! < now - crashLoop.windowMs) deaths.shift();
    if (deaths.length > crashLoop.maxDeaths) {
      logger.fatal(
        { ...fields(worker), code, signal, deaths: deaths.length, windowMs: crashLoop.windowMs },
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

  /** Asks every worker to drain (workers ignore SIGINT, and take no SIGTERM from us: see DRAIN). */
  function stopAll(signal: string, code?: number): void {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const deadline = setTimeout(() => {
      const left = [...live].map(fields);
      logger.error({ timeoutMs: shutdownTimeoutMs + graceMs, workers: left }, 'workers did not stop in time; killing them');
      for (const worker of live) worker.process.kill('SIGKILL');
      finish(1);
    }, shutdownTimeoutMs + graceMs);
    draining = { signal, failed: code !== undefined && code !== 0, deadline };
    logger.info({ signal, workers: live.size }, 'stopping workers');
    if (live.size === 0) return finish(draining.failed ? 1 : 0);
    for (const worker of live) tell(worker, DRAIN, 'SIGTERM');
  }

  /** One worker at a time: a new one listens before its predecessor drains, so capacity never drops below `size`. */
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
    /** First signal: drain every worker; a second one makes them exit at once (exit 1). */
    shutdown(signal: string): void {
      if (!draining) return stopAll(signal);
      draining.failed = true;
      for (const worker of live) tell(worker, EXIT_NOW, 'SIGKILL');
    },
    rollingRestart,
    workers: () => [...live],
  };
}
