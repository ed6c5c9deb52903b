import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

import type { SqlDatabase, SqlStatement, SqlValue } from './sql-database.ts';

/**
 * How long a write waits for another connection's lock before failing with
 * SQLITE_BUSY. `node:sqlite` is synchronous, so this is time the event loop
 * stands still: short, and a busy flush is simply retried a second later.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 200;

/**
 * Opens (creating it and its directory) an SQLite file for the insights
 * store with `node:sqlite`: WAL, so the summary's reads never wait for a
 * flush, and `synchronous=NORMAL`, which in WAL mode survives a process crash
 * and can lose only the last transactions on power loss. Throws when the file
 * cannot be opened or written (read-only directory, not a database, locked).
 */
export function openSqliteDatabase(file: string): SqlDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    kind: 'sqlite',
    location: file,
    async transaction(statements: SqlStatement[]) {
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
