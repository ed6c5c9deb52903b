/** What the insights store binds: text, numbers and NULL, nothing driver-specific. */
export type SqlValue = string | number | null;

export interface SqlStatement {
  /** Portable SQL with `?` placeholders (the PostgreSQL driver numbers them). */
  sql: string;
  params: SqlValue[];
}

/**
 * The few operations the insights store needs, over SQLite (`node:sqlite`)
 * or PostgreSQL (`pg`). Statements are written once, in the SQL both accept:
 * `?` placeholders, `CREATE … IF NOT EXISTS`, `CAST(… AS INTEGER)`, window-free
 * aggregates. Numbers come back as numbers on both (PostgreSQL's bigint and
 * numeric results are converted by the caller with `Number`).
 */
export interface SqlDatabase {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for logs: a file path, `:memory:`, or host:port/database (never a password). */
  readonly location: string;
  /** Runs the statements in one transaction: all of them or none. */
  transaction(statements: SqlStatement[]): Promise<void>;
  query<Row extends object>(sql: string, params?: SqlValue[]): Promise<Row[]>;
  close(): Promise<void>;
}
