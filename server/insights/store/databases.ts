import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Logger } from 'pino';

/** What the insights store binds: text, numbers and NULL, nothing driver-specific. */
export type SqlValue = string | number | null;

export interface SqlStatement {
  /** Portable SQL with `?` placeholders (the PostgreSQL driver numbers them). */
  sql: string;
  params: SqlValue[];
}

/** SQLite (`node:sqlite`) or PostgreSQL (`pg`), in SQL both accept; PostgreSQL's bigint counts come back as strings. */
export interface SqlDatabase {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for logs: a file path, `:memory:`, or host:port/database (never a password). */
  readonly location: string;
  /** Runs the statements in one transaction: all of them or none. */
  transaction(statements: SqlStatement[]): Promise<void>;
  query<Row extends object>(sql: string, params?: SqlValue[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** Creates the file and its directory; WAL, `synchronous=NORMAL` and a short busy timeout (README.md). */
export function openSqliteDatabase(file: string): SqlDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 200; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    kind: 'sqlite',
    location: file,
    async transaction(statements) {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const { sql, params } of statements) db.prepare(sql).run(...params);
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    async query<Row extends object>(sql: string, params: SqlValue[] = []) {
      return db.prepare(sql).all(...params) as Row[];
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

/** `?` placeholders to PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside literals). */
function toNumberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
}

/** The pool connects lazily: an unreachable server fails the first flush (logged, retried), not the start. `pg` loads only here (ADR 055). */
export async function openPostgresDatabase(options: { url: string; logger: Logger }): Promise<SqlDatabase> {
  const url = new URL(options.url);
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 4,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    application_name: 'vitrine-insights',
  });
  // An idle client losing its connection emits here; unhandled, it would end the process.
  pool.on('error', (error) => options.logger.warn({ err: error }, 'insights database connection lost'));
  return {
    kind: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    async transaction(statements) {
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
