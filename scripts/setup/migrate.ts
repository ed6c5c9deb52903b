/**
 * Applies migrations/NNN-name.cjs (contentful-migration's DSL) to a space environment in order, each once: an applied file
 * is recorded as a draft entry of the `vitrineMigration` content type, so a second run changes nothing (ADR 036).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

import { createRequestSender, parseMigration } from './migration-parser.ts';
import { STATE_TYPE, createStateType, describeFailure, readAppliedMigrations, recordMigration } from './migration-state.ts';

import type { PlainClientAPI } from 'contentful-management';
import type { MigrationFunction, SpaceTarget } from './migration-parser.ts';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../migrations');
const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.cjs$/;

export interface MigrationFile {
  name: string;
  path: string;
  checksum: string;
}

export interface MigrationsResult {
  applied: string[];
  pending: string[];
}

export interface RunMigrationsOptions {
  /** A plain contentful-management client; its host, `insecure` and token are used as they are. */
  client: PlainClientAPI;
  spaceId: string;
  environmentId: string;
  dryRun?: boolean;
  log: (line: string) => void;
  dir?: string;
}

/** A migration that could not be planned or applied; `file` names it, earlier files stay recorded. */
export class MigrationError extends Error {
  readonly file: string | undefined;
  constructor(message: string, file?: string) {
    super(message);
    this.name = 'MigrationError';
    this.file = file;
  }
}

export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.cjs'))
    .sort();
  const wrong = names.filter((name) => !FILE_NAME.test(name));
  if (wrong.length > 0) throw new MigrationError(`Migration files must be named NNN-lowercase-words.cjs: ${wrong.join(', ')}`);
  const numbers = names.map((name) => name.slice(0, 3));
  const duplicate = numbers.find((number, index) => numbers.indexOf(number) !== index);
  if (duplicate) throw new MigrationError(`Two migration files are numbered ${duplicate}: each number runs once, so renumber one.`);
  return names.map((name) => {
    const path = join(dir, name);
    return { name, path, checksum: createHash('sha256').update(readFileSync(path)).digest('hex') };
  });
}

const load = (file: MigrationFile): MigrationFunction => {
  const loaded: unknown = createRequire(import.meta.url)(file.path);
  if (typeof loaded !== 'function')
    throw new MigrationError(`migrations/${file.name} must export a function (module.exports = function (migration, context) {…})`, file.name);
  return loaded as MigrationFunction;
};

/** Runs migrations as one: a dry run plans every pending file against the space as it is, in order, without writing. */
const combine =
  (migrations: MigrationFunction[]): MigrationFunction =>
  (migration, context) => {
    for (const run of migrations) run(migration, context);
  };

/** `label` names what runs in messages: `migrations/001-content-model.cjs`. */
async function apply(target: SpaceTarget, migration: MigrationFunction, label: string, log: (line: string) => void, file?: string): Promise<void> {
  const parsed = await parseMigration(target, migration);
  if (parsed.errors.length > 0) throw new MigrationError(`${label} cannot run against this space:\n  ${parsed.errors.join('\n  ')}`, file);
  const send = createRequestSender(target);
  for (const [index, request] of parsed.requests.entries()) {
    try {
      await send(request);
    } catch (error) {
      const step = `request ${index + 1} of ${parsed.requests.length} (${request.method} ${request.url})`;
      throw new MigrationError(`${label} failed at ${step}: ${describeFailure(error)}. Its earlier requests were applied.`, file);
    }
  }
  log(`Applied ${label} (${parsed.requests.length} requests)`);
}

/**
 * Brings the environment's content model up to date. S2's setup calls:
 * `runMigrations({ client, spaceId, environmentId, dryRun, log }): Promise<{ applied: string[]; pending: string[] }>`
 * (`applied`: what this run applied, nothing on a dry run; `pending`: what was pending when it started). Throws MigrationError.
 */
export async function runMigrations({ client, spaceId, environmentId, dryRun = false, log, dir }: RunMigrationsOptions): Promise<MigrationsResult> {
  const target = { client, spaceId, environmentId };
  const files = listMigrations(dir);
  const state = await readAppliedMigrations(target).catch((error: unknown) => {
    throw new MigrationError(`Could not read which migrations ran in ${spaceId}/${environmentId}: ${describeFailure(error)}`);
  });
  for (const file of files) {
    const record = state.records.get(file.name);
    if (record && record.checksum !== file.checksum) {
      log(`Warning: migrations/${file.name} changed after it was applied (${record.appliedAt}); applied files are not re-run: add a new file instead.`);
    }
  }
  const pending = files.filter((file) => !state.records.has(file.name));
  log(`Migrations: ${files.length - pending.length} applied, ${pending.length} pending${pending.length ? `: ${pending.map((f) => f.name).join(', ')}` : ''}`);
  if (pending.length === 0) return { applied: [], pending: [] };
  const migrations = pending.map((file) => ({ file, run: load(file) }));
  if (dryRun) {
    const all = combine([...(state.hasStateType ? [] : [createStateType]), ...migrations.map((m) => m.run)]);
    const parsed = await parseMigration(target, all);
    for (const line of parsed.plan) log(`  ${line}`);
    if (parsed.errors.length > 0) throw new MigrationError(`The pending migrations cannot run against this space:\n  ${parsed.errors.join('\n  ')}`);
    return { applied: [], pending: pending.map((file) => file.name) };
  }
  if (!state.hasStateType) await apply(target, createStateType, `the ${STATE_TYPE} content type (records applied migrations)`, log);
  const applied: string[] = [];
  for (const { file, run } of migrations) {
    await apply(target, run, `migrations/${file.name}`, log, file.name);
    await recordMigration(target, state.defaultLocale, file);
    applied.push(file.name);
  }
  return { applied, pending: pending.map((file) => file.name) };
}
