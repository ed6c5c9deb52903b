import type { Logger } from 'pino';

export interface FailureLog {
  /** Logs the first failure of its kind since the last recovery; later ones are only counted. */
  report(error: unknown, context?: Record<string, unknown>): void;
  /** Logs once that writes work again, with how many failures were not logged, and re-arms every kind. */
  recovered(context?: Record<string, unknown>): void;
}

/**
 * The kind of a storage failure: SQLite's and PostgreSQL's error codes
 * (`SQLITE_FULL`, `SQLITE_READONLY`, `SQLITE_BUSY`, `53100` disk full…),
 * Node's (`ECONNREFUSED`, `EACCES`), or the error's name.
 */
export function getFailureKind(error: unknown): string {
  const { code, errcode, name } = (error ?? {}) as { code?: unknown; errcode?: unknown; name?: unknown };
  // node:sqlite sets code ERR_SQLITE_ERROR on every error and the SQLite result code in errcode/errstr.
  const errstr = (error as { errstr?: unknown } | null)?.errstr;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return `sqlite:${errcode & 0xff}${typeof errstr === 'string' ? ` ${errstr}` : ''}`;
  if (typeof code === 'string' && code) return code;
  return typeof name === 'string' ? name : 'unknown';
}

/**
 * One error line per kind of failure instead of one per batch or per event:
 * a full disk during a traffic peak would otherwise flood the log with the
 * same message every second. Each failure still counts in the store's stats.
 */
export function createFailureLog(logger: Logger, message: string): FailureLog {
  const seen = new Set<string>();
  let unlogged = 0;
  return {
    report(error, context = {}) {
      const kind = getFailureKind(error);
      if (seen.has(kind)) {
        unlogged += 1;
        return;
      }
      seen.add(kind);
      logger.error({ err: error, kind, ...context }, message);
    },
    recovered(context = {}) {
      if (seen.size === 0) return;
      logger.info({ kinds: [...seen], repeatsNotLogged: unlogged, ...context }, 'insights store writes again');
      seen.clear();
      unlogged = 0;
    },
  };
}
