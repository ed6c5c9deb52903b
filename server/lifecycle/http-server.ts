import { createServer } from 'node:http';

import type { Server } from 'node:http';

/** How long a client may take, per socket (docs/security.md, "Connections"). */
export interface HttpServerLimits {
  /** Whole request head. Default 15 s. */
  headersTimeoutMs: number;
  /** Whole request, body included (bodies are at most MAX_BODY_BYTES). Default 30 s. */
  requestTimeoutMs: number;
  /** How often Node looks for sockets past those limits. Default 5 s (Node's own is 30 s). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpServerLimits = { headersTimeoutMs: 15_000, requestTimeoutMs: 30_000, checkIntervalMs: 5_000 };

/**
 * The process's HTTP server: 64 KB of headers at most, and a client that
 * sends its request slowly (slowloris) gets 408 and loses the socket after
 * the limits above instead of holding it for Node's defaults (60 s / 300 s).
 */
export function createHttpServer(limits: HttpServerLimits = DEFAULT_HTTP_LIMITS): Server {
  return createServer({
    maxHeaderSize: 64 * 1024,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
  });
}
