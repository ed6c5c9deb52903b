import { randomUUID } from 'node:crypto';

import pino from 'pino';

import type { Config } from '#server/config.ts';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';

/** Query values that may carry credentials never reach a log line. */
export function redactUrl(url: string): string {
  if (!url.includes('?') && !url.includes('&')) return url;
  return url.replace(/([?&][\w.-]*(?:token|secret|key|signature|password)=)[^&#]*/gi, '$1[Redacted]');
}

const BEARER = /(Bearer\s+)[^\s"'\\,}]+/gi;

/** The contentful SDK puts the request headers (`Bearer ...` + the token's last characters) into its messages. */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  return JSON.parse(redactUrl(JSON.stringify(serialized)).replace(BEARER, '$1[Redacted]')) as unknown;
}

/** JSON to stdout (or `destination`, which tests capture), pretty only in development. */
export function createLogger(config: Pick<Config, 'logLevel' | 'isDev' | 'version'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    base: { service: 'vitrine', version: config.version },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.accessToken', '*.previewToken', '*.adminKey', '*.secret'],
      censor: '[Redacted]',
    },
    serializers: { err: serializeError },
    ...(config.isDev && !destination ? { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'http' {
  interface IncomingMessage {
    id: string;
    /** A child logger whose lines carry this request's `reqId`, made on first use. */
    log: Logger;
  }
}

const ROOT_LOGGER = Symbol('root logger');
const REQUEST_LOGGER = Symbol('request logger');
type LoggedRequest = IncomingMessage & { [ROOT_LOGGER]?: Logger; [REQUEST_LOGGER]?: Logger };

/** A getter on the requests' prototype: the child is made only for a request that logs, and no request gets an own property (costlier). */
function lazyRequestLogger(prototype: object): void {
  if (Object.hasOwn(prototype, 'log')) return;
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    get(this: LoggedRequest) {
      return (this[REQUEST_LOGGER] ??= (this[ROOT_LOGGER] ?? pino({ level: 'silent' })).child({ reqId: this.id }));
    },
    set(this: LoggedRequest, value: Logger) {
      this[REQUEST_LOGGER] = value;
    },
  });
}

/** An incoming `X-Request-Id` is trusted only behind a proxy. pino-http made three child loggers per request (ADR 056). */
export function createHttpLogger(logger: Logger, trustProxy: Config['trustProxy']): RequestHandler {
  // The line holds known fields only (the URL redacted, no headers), so skipping the root's redact paths spares ~7 µs per request.
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const started = Date.now();
    const bytesBefore = req.socket.bytesWritten;
    const incoming = req.headers['x-request-id'];
    const id = trustProxy && typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    (req as LoggedRequest)[ROOT_LOGGER] = logger;
    lazyRequestLogger(Object.getPrototypeOf(req) as object);
    let bytes: number | undefined;
    let logged = false;
    const complete = () => {
      if (logged) return;
      logged = true;
      const failed = res.statusCode >= 500;
      const level = failed ? 'error' : res.statusCode >= 400 ? 'warn' : isQuietPath(req.originalUrl) ? 'debug' : 'info';
      if (!lines.isLevelEnabled(level)) return;
      const line = {
        reqId: id,
        req: { id, method: req.method, url: redactUrl(req.originalUrl), userAgent: req.headers['user-agent'] },
        res: { statusCode: res.statusCode },
        ...(failed ? { err: new Error(`failed with status code ${res.statusCode}`) } : {}),
        cache: res.locals.cacheStatus as string | undefined,
        bytes,
        durationMs: Date.now() - started,
      };
      lines[level](line, failed ? 'request failed' : 'request completed');
    };
    res.on('finish', () => {
      bytes = req.socket.bytesWritten - bytesBefore;
      complete();
    });
    // A client that leaves before the end still gets its line.
    res.on('close', complete);
    next();
  };
}

export function isQuietPath(url: string): boolean {
  return url === '/healthz' || url === '/readyz' || url.startsWith('/assets/');
}
