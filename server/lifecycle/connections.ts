import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A request the server has not finished answering, as the shutdown logs name it. */
export interface OpenRequest {
  method: string;
  /** Path without the query string (queries may carry tokens). */
  path: string;
  ageMs: number;
}

interface RequestInfo {
  method: string;
  path: string;
  startedAt: number;
}

interface SocketState {
  /** Responses not yet closed; more than one when a client pipelines. */
  responses: Map<ServerResponse, RequestInfo>;
  /** When the socket last had no response open (its connect time before the first request). */
  idleSince: number;
  /** Found idle long enough by the previous `closeIdle`; cleared by the next request. */
  seenIdle: boolean;
}

/** The server's sockets and the responses open on each, for draining and for saying what is left. */
export interface ConnectionTracker {
  /** Open sockets and the requests still being answered on them. */
  counts(): { connections: number; requests: number };
  /** Every response still open, oldest socket first. */
  responses(): ServerResponse[];
  openRequests(): OpenRequest[];
  /**
   * Destroys sockets that have had no open response for at least `minIdleMs`, and already had none at the
   * previous call; returns how many. Call it from a timer: between two timer callbacks the event loop
   * reads every socket once, so a request that was already waiting in a socket's buffer gets seen first.
   */
  closeIdle(minIdleMs: number): number;
  /** Destroys every socket (the responses on them see `close` and abort their work). */
  destroyAll(): void;
}

/**
 * Tracks the sockets of `server` from now on. Node's own connection list
 * (`closeIdleConnections`) cannot tell a socket idle for a microsecond from
 * one idle for minutes, and draining needs that difference (ADR 014).
 */
export function trackConnections(server: Server): ConnectionTracker {
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
    state.responses.set(res, { method: req.method ?? '?', path: (req.url ?? '').split('?')[0]!.slice(0, 200), startedAt: Date.now() });
    res.once('close', () => {
      state.responses.delete(res);
      if (state.responses.size === 0) state.idleSince = Date.now();
    });
  });

  return {
    counts: () => ({ connections: sockets.size, requests: [...sockets.values()].reduce((sum, state) => sum + state.responses.size, 0) }),
    responses: () => [...sockets.values()].flatMap((state) => [...state.responses.keys()]),
    openRequests: () => {
      const now = Date.now();
      return [...sockets.values()].flatMap((state) =>
        [...state.responses.values()].map(({ method, path, startedAt }) => ({ method, path, ageMs: now - startedAt })),
      );
    },
    closeIdle: (minIdleMs) => {
      const now = Date.now();
      let closed = 0;
      for (const [socket, state] of sockets) {
        if (state.responses.size > 0 || now - state.idleSince < minIdleMs) continue;
        if (!state.seenIdle) {
          state.seenIdle = true;
          continue;
        }
        socket.destroy();
        closed++;
      }
      return closed;
    },
    destroyAll: () => {
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
