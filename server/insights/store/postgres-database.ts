import pg from 'pg';

import type { Logger } from 'pino';
import type { SqlDatabase, SqlStatement, SqlValue } from './sql-database.ts';

export interface PostgresOptions {
  url: string;
  logger: Logger;
  /** Connections per process. Default 4: writes are one batch a second, reads are operator requests. */
  maxConnections?: number;
  /** A statement running longer is cancelled by the server. Default 10 s. */
  statementTimeoutMs?: number;
}

/** `?` placeholders to PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside literals). */
export function toNumberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
}

/**
 * The insights store's database on PostgreSQL, for several instances
 * sharing one set of numbers. A pool connects lazily, so an unreachable
 * server fails the first flush (logged, retried), not the start.
 */
export function openPostgresDatabase(options: PostgresOptions): SqlDatabase {
  const url = new URL(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 4,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    application_name: 'vitrine-insights',
  });
  // An idle client losing its connection emits here; unhandled, it would end the process.
  pool.on('error', (error) => options.logger.warn({ err: error }, 'insights database connection lost'));
  return {
    kind: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    async transaction(statements: SqlStatement[]) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        for (const { sql, params } of statements) await client.query(toNumberedPlaceholders(sql), params);
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        // A broken connection is dropped from the pool instead of being reused.
        await client.query('ROLLBACK').then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        );
        throw error;
      }
    },
    async query<Row extends object>(sql: string, params: SqlValue[] = []) {
      const result = await pool.query(toNumberedPlaceholders(sql), params);
      return result.rows as Row[];
    },
    async close() {
      await pool.end();
    },
  };
}
