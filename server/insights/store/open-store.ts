import { join, resolve } from 'node:path';

import { createInsightsStore } from './insights-store.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

import type { Config } from '#server/config.ts';
import type { Logger } from 'pino';
import type { InsightsStore, InsightsStoreOptions } from './insights-store.ts';

/** The SQLite file under DATA_DIR. */
export const SQLITE_FILE_NAME = 'insights.sqlite';

/**
 * The insights store the configuration asks for: PostgreSQL at DATABASE_URL
 * when set (several instances, one set of numbers), else SQLite in
 * `<DATA_DIR>/insights.sqlite` (one instance, nothing to run beside it).
 */
export function openInsightsStore(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'insights'>,
  logger: Logger,
  options: Partial<Pick<InsightsStoreOptions, 'buffer' | 'now'>> = {},
): InsightsStore {
  const log = logger.child({ module: 'insights-store' });
  const url = config.databaseUrl;
  const file = resolve(join(config.dataDir, SQLITE_FILE_NAME));
  return createInsightsStore({
    kind: url ? 'postgres' : 'sqlite',
    open: url ? () => openPostgresDatabase({ url, logger: log }) : () => openSqliteDatabase(file),
    logger: log,
    retentionDays: config.insights.retentionDays,
    ...options,
  });
}
