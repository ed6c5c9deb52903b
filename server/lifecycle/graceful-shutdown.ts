import { Server as NetServer } from 'node:net';

import { trackConnections } from './connections.ts';

import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * While draining, a keep-alive socket that has carried no request for this
 * long (and was idle at two sweeps in a row) is closed. Closing a socket idle
 * for only a moment would cut a request its client already sent (still in the
 * kernel buffer): the client sees ECONNRESET. Busy clients never wait this
 * long: their next response says `Connection: close`.
 */
export const IDLE_CLOSE_MS = 500;

export interface GracefulShutdownOptions {
  logger: Logger;
  /** From the first signal to a forced exit 1 (config.shutdownTimeoutMs). */
  timeoutMs: number;
  /** Default `IDLE_CLOSE_MS`. */
  idleCloseMs?: number;
  /** Releases what outlives the last connection (services); runs once before exit 0. */
  close?: () => Promise<void>;
  /** Default `process.exit`; tests pass a spy. */
  exit?: (code: number) => void;
}

export interface GracefulShutdown {
  isDraining(): boolean;
  /** The first call drains and exits; a second one (a second Ctrl-C) exits 1 at once. */
  shutdown(signal: string): void;
  /**
   * For `process.on('unhandledRejection')`: logs fatal and exits 1, except while draining. Work the
   * drain cuts short (an aborted upstream call) may reject with no one listening, and that must not
   * turn a clean drain into exit 1; the deadline still bounds the drain.
   */
  handleUnhandledRejection(reason: unknown): void;
}

/**
 * Graceful shutdown for `server` (issue 12, ADR 014). Call before `listen`, so
 * every connection is tracked. On `shutdown`:
 *   1. stop accepting connections, but leave open keep-alive sockets alone for now;
 *   2. answer everything in flight and everything that still arrives on an open
 *      socket, with `Connection: close`, so each client leaves after its response;
 *   3. close sockets once they have been idle for `idleCloseMs` (checked every fifth of it);
 *   4. when the last socket is gone, run `close` and exit 0;
 *   5. at `timeoutMs`, log what is still open, destroy it and exit 1.
 */
export function createGracefulShutdown(server: Server, options: GracefulShutdownOptions): GracefulShutdown {
  const { logger, timeoutMs, idleCloseMs = IDLE_CLOSE_MS, exit = (code: number) => process.exit(code) } = options;
  const connections = trackConnections(server);
  let startedAt: number | undefined;
  let exited = false;
  let servedWhileDraining = 0;
  let idleClosed = 0;
  let sweep: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;

  server.prependListener('request', (_req, res) => {
    if (startedAt === undefined) return;
    servedWhileDraining++;
    res.setHeader('Connection', 'close');
  });

  function exitWith(code: number): void {
    if (exited) return;
    exited = true;
    clearInterval(sweep);
    clearTimeout(deadline);
    logger.flush();
    exit(code);
  }

  function abortAll(message: string, fields: Record<string, unknown>): void {
    const open = connections.openRequests();
    logger.error({ ...fields, ...connections.counts(), openRequests: open.slice(0, 20) }, message);
    connections.destroyAll();
    exitWith(1);
  }

  async function finish(): Promise<void> {
    clearInterval(sweep);
    try {
      await options.close?.();
    } catch (error) {
      logger.error({ err: error }, 'closing services failed');
      exitWith(1);
      return;
    }
    if (exited) return;
    logger.info({ durationMs: Date.now() - (startedAt ?? Date.now()), servedWhileDraining, idleClosed }, 'shutdown complete');
    exitWith(0);
  }

  function drain(signal: string): void {
    startedAt = Date.now();
    logger.info({ signal, timeoutMs, idleCloseMs, ...connections.counts() }, 'shutting down');
    for (const res of connections.responses()) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Kept referenced: it is the one guarantee that the process ends, whatever else still holds the loop.
    deadline = setTimeout(() => abortAll('shutdown timed out; closed what was still open', { timeoutMs }), timeoutMs);
    // net.Server's close, not http.Server's: http's also destroys every idle keep-alive socket at once,
    // including those whose next request is already on the wire (ADR 014). Its callback runs when the last socket is gone.
    NetServer.prototype.close.call(server, () => void finish());
    sweep = setInterval(() => (idleClosed += connections.closeIdle(idleCloseMs)), Math.max(10, Math.round(idleCloseMs / 5)));
  }

  return {
    isDraining: () => startedAt !== undefined,
    shutdown(signal) {
      if (startedAt === undefined) return drain(signal);
      abortAll('second signal; exiting without waiting', { signal, drainingForMs: Date.now() - startedAt });
    },
    handleUnhandledRejection(reason) {
      if (startedAt !== undefined) return void logger.error({ err: reason }, 'unhandled rejection while draining');
      logger.fatal({ err: reason }, 'unhandled rejection');
      exitWith(1);
    },
  };
}
