import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { Logger } from 'pino';

export type SqlValue = string | number | null;

export interface SqlStatement {
  sql: string;
  params: SqlValue[];
}

/** PostgreSQL's bigint counts come back as strings. */
export interface SqlDatabase {
  readonly kind: 'sqlite' | 'postgres';
  /** For logs: never a password. */
  readonly location: string;
  transaction(statements: SqlStatement[]): Promise<void>;
  query<Row extends object>(sql: string, params?: SqlValue[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** WAL, `synchronous=NORMAL` and a short busy timeout (README.md). */
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

/** The store's SQL has no `?` inside literals. */
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
