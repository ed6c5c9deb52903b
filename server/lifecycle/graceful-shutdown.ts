import { createServer } from 'node:http';
import { Server as NetServer } from 'node:net';

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

/** Per-socket limits (docs/security.md, "Connections"): a slowloris client gets 408 instead of holding the socket 60 s / 300 s. */
export function createHttpServer(limits = { headersTimeoutMs: 15_000, requestTimeoutMs: 30_000, checkIntervalMs: 5_000 }): Server {
  return createServer({
    maxHeaderSize: 64 * 1024,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  });
}

interface SocketState {
  /** More than one when a client pipelines. */
  responses: Map<ServerResponse, { method: string; path: string; startedAt: number }>;
  idleSince: number;
  seenIdle: boolean;
}

/** Node's `closeIdleConnections` cannot tell a socket idle for a microsecond from one idle for minutes; draining needs that (ADR 014). */
function trackConnections(server: Server) {
  const sockets = new Map<Socket, SocketState>();
  const stateOf = (socket: Socket): SocketState => {
    let state = sockets.get(socket);
    if (!state) {
      state = { responses: new Map(), idleSince: Date.now(), seenIdle: false };
      sockets.set(socket, state);
      socket.once('close', () => sockets.delete(socket));
    }
    return state;
  };

  server.on('connection', stateOf);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = stateOf(req.socket);
    state.seenIdle = false;
    // Path without the query string: queries may carry tokens.
    state.responses.set(res, { method: req.method ?? '?', path: (req.url ?? '').split('?')[0]!.slice(0, 200), startedAt: Date.now() });
    res.once('close', () => {
      state.responses.delete(res);
      if (state.responses.size === 0) state.idleSince = Date.now();
    });
  });

  const open = () => [...sockets.values()].flatMap((state) => [...state.responses]);
  return {
    counts: () => ({ connections: sockets.size, requests: open().length }),
    responses: () => open().map(([res]) => res),
    openRequests: () => open().map(([, { method, path, startedAt }]) => ({ method, path, ageMs: Date.now() - startedAt })),
    // Only sockets idle at the previous call too: between two timer callbacks the event loop reads every socket, so a request
    // already waiting in a buffer is seen first.
    closeIdle(minIdleMs: number): number {
      let closed = 0;
      for (const [socket, state] of sockets) {
        if (state.responses.size > 0 || Date.now() - state.idleSince < minIdleMs) continue;
        if (state.seenIdle) {
          socket.destroy();
          closed++;
        }
        state.seenIdle = true;
      }
      return closed;
    },
    destroyAll: () => sockets.forEach((_state, socket) => socket.destroy()),
  };
}

export interface GracefulShutdownOptions {
  logger: Logger;
  timeoutMs: number;
  /** A keep-alive socket idle this long (at two sweeps in a row) is closed; closing sooner would cut a request still in the kernel buffer. */
  idleCloseMs?: number;
  close?: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * Call before `listen`; the steps and their reasons: docs/decisions/014-graceful-shutdown.md. A drain the cluster primary asks
 * for is no signal, so a SIGTERM that reached the whole process group plus the primary's request count as one.
 */
export function createGracefulShutdown(server: Server, options: GracefulShutdownOptions) {
  const { logger, timeoutMs, idleCloseMs = 500, exit = (code: number) => process.exit(code) } = options;
  const connections = trackConnections(server);
  let startedAt: number | undefined;
  let signals = 0;
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
    logger.error({ ...fields, ...connections.counts(), openRequests: connections.openRequests().slice(0, 20) }, message);
    connections.destroyAll();
    exitWith(1);
  }

  async function finish(): Promise<void> {
    clearInterval(sweep);
    try {
      await options.close?.();
    } catch (error) {
      logger.error({ err: error }, 'closing services failed');
      return exitWith(1);
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
    // net.Server's close, not http.Server's, which also destroys idle keep-alive sockets whose next request is already on the wire.
    NetServer.prototype.close.call(server, () => void finish());
    sweep = setInterval(() => (idleClosed += connections.closeIdle(idleCloseMs)), Math.max(10, Math.round(idleCloseMs / 5)));
  }

  function exitAtOnce(signal: string): void {
    abortAll('second signal; exiting without waiting', { signal, drainingForMs: startedAt === undefined ? 0 : Date.now() - startedAt });
  }

  return {
    isDraining: () => startedAt !== undefined,
    shutdown(signal: string): void {
      signals += 1;
      if (startedAt === undefined) return drain(signal);
      if (signals > 1) exitAtOnce(signal);
    },
    requestDrain(reason: string): void {
      if (startedAt === undefined) drain(reason);
    },
    exitNow(reason: string): void {
      if (!exited) exitAtOnce(reason);
    },
    /** Not while draining: work the drain cuts short may reject with no one listening (the deadline still bounds it). */
    handleUnhandledRejection(reason: unknown): void {
      if (startedAt !== undefined) return void logger.error({ err: reason }, 'unhandled rejection while draining');
      logger.fatal({ err: reason }, 'unhandled rejection');
      exitWith(1);
    },
  };
}
