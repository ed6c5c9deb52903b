import { randomUUID } from 'node:crypto';

import pino from 'pino';
import { pinoHttp } from 'pino-http';

import type { Config } from '#server/config.ts';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';

/** Query values that may carry credentials never reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/([?&][\w.-]*(?:token|secret|key|signature|password)=)[^&#]*/gi, '$1[Redacted]');
}

const BEARER = /(Bearer\s+)[^\s"'\\,}]+/gi;

/** Errors are logged without credentials: the contentful SDK puts the request headers (`Bearer ...` + the token's last characters) into its messages. */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  return JSON.parse(redactUrl(JSON.stringify(serialized)).replace(BEARER, '$1[Redacted]')) as unknown;
}

/** The root logger: JSON to stdout (or `destination`, which tests capture), pretty only in development. */
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

/** One line per request (id, status, duration, bytes, page-cache status); an incoming `X-Request-Id` is trusted only behind a proxy. */
export function createHttpLogger(logger: Logger, trustProxy: Config['trustProxy']): RequestHandler[] {
  return [
    countBytes,
    pinoHttp({
      logger,
      genReqId(req: IncomingMessage, res: ServerResponse) {
        const incoming = req.headers['x-request-id'];
        const id = trustProxy && typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel(req, res, err) {
        if (err || res.statusCode >= 500) return 'error';
        if (res.statusCode >= 400) return 'warn';
        // originalUrl: a mounted static handler strips its prefix from req.url.
        if (isQuietPath((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '')) return 'debug';
        return 'info';
      },
      customSuccessMessage: () => 'request completed',
      customErrorMessage: () => 'request failed',
      customAttributeKeys: { reqId: 'reqId', responseTime: 'durationMs' },
      // Every line logged through req.log carries a top-level reqId; the completion line adds the request.
      quietReqLogger: true,
      serializers: {
        req(req: { id: string; method: string; url: string; headers: Record<string, string> }) {
          return { id: req.id, method: req.method, url: redactUrl(req.url), userAgent: req.headers['user-agent'] };
        },
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customProps(_req, res) {
        const out = res as ServerResponse & { locals?: Record<string, unknown> };
        return { cache: out.locals?.cacheStatus, bytes: (out.locals?.bytesWritten as number | undefined) ?? undefined };
      },
    }),
  ];
}

const countBytes: RequestHandler = (req, res, next) => {
  const start = req.socket.bytesWritten;
  res.on('finish', () => {
    res.locals.bytesWritten = req.socket.bytesWritten - start;
  });
  next();
};

/** Health checks and fingerprinted assets log at debug so they don't drown real traffic. */
export function isQuietPath(url: string): boolean {
  return url === '/healthz' || url === '/readyz' || url.startsWith('/assets/');
}
