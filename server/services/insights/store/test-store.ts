import pino from 'pino';

import { createInsightsStore } from './insights-store.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

import type { Logger } from 'pino';
import type { InsightsStore, InsightsStoreOptions } from './insights-store.ts';

/** Test support for the store's and the collector's tests (not a test file itself). */

export type TestStoreOptions = Partial<Omit<InsightsStoreOptions, 'kind' | 'open'>> & {
  /** An SQLite file; default an in-memory database. */
  file?: string;
  /** A PostgreSQL URL instead of SQLite. */
  url?: string;
};

/** A real store on SQLite (in memory unless `file`) or on the PostgreSQL at `url`, logging nowhere unless given a logger. */
export function createTestStore(options: TestStoreOptions = {}): InsightsStore {
  const { file = ':memory:', url, ...rest } = options;
  const logger: Logger = rest.logger ?? pino({ level: 'silent' });
  return createInsightsStore({
    kind: url ? 'postgres' : 'sqlite',
    open: url ? () => openPostgresDatabase({ url, logger }) : () => openSqliteDatabase(file),
    retentionDays: 30,
    ...rest,
    logger,
  });
}
