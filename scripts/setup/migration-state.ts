/**
 * Which migrations ran in an environment: one draft entry per file of the `vitrineMigration` content type. Drafts never
 * reach the Delivery API; the record lives with the content model it describes, so a copied environment keeps it (ADR 036).
 */
import { DEFAULT_LOCALE } from '#shared/content/types.ts';

import type { MigrationFunction, SpaceTarget } from './migration-parser.ts';

export const STATE_TYPE = 'vitrineMigration';

export interface AppliedMigration {
  checksum: string | undefined;
  appliedAt: string;
}

export interface MigrationState {
  hasStateType: boolean;
  defaultLocale: string;
  /** By file name. */
  records: Map<string, AppliedMigration>;
}

/** Created through contentful-migration like every other content type, before the first file runs. */
export const createStateType: MigrationFunction = (migration) => {
  const dsl = migration as {
    createContentType(id: string, init: Record<string, unknown>): { createField(id: string, init: Record<string, unknown>): unknown };
  };
  const type = dsl.createContentType(STATE_TYPE, {
    name: 'Vitrine migration',
    description: 'Which files of migrations/ ran in this environment (written by npm run setup; do not edit).',
    displayField: 'file',
  });
  type.createField('file', { name: 'File', type: 'Symbol', required: true, localized: false, validations: [{ unique: true }] });
  type.createField('checksum', { name: 'SHA-256', type: 'Symbol', required: false, localized: false });
  type.createField('appliedAt', { name: 'Applied at', type: 'Date', required: true, localized: false });
};

/** Entry ids allow 64 of [A-Za-z0-9-_.]: the file's number names its record. */
const recordId = (fileName: string) => `vitrine-migration-${fileName.slice(0, 3)}`;

const isNotFound = (error: unknown) => error instanceof Error && error.name === 'NotFound';

export async function readAppliedMigrations({ client, spaceId, environmentId }: SpaceTarget): Promise<MigrationState> {
  const params = { spaceId, environmentId };
  const locales = await client.locale.getMany({ ...params, query: { limit: 1000 } });
  const defaultLocale = locales.items.find((locale) => locale.default)?.code ?? DEFAULT_LOCALE;
  const stateType = await client.contentType.get({ ...params, contentTypeId: STATE_TYPE }).catch((error: unknown) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
  const records = new Map<string, AppliedMigration>();
  if (!stateType) return { hasStateType: false, defaultLocale, records };
  const entries = await client.entry.getMany({ ...params, query: { content_type: STATE_TYPE, limit: 1000 } });
  for (const entry of entries.items) {
    const value = (field: string) => Object.values((entry.fields[field] ?? {}) as Record<string, unknown>)[0];
    const file = value('file');
    if (typeof file !== 'string') continue;
    records.set(file, { checksum: value('checksum') as string | undefined, appliedAt: String(value('appliedAt') ?? entry.sys.createdAt) });
  }
  return { hasStateType: true, defaultLocale, records };
}

export async function recordMigration(
  { client, spaceId, environmentId }: SpaceTarget,
  locale: string,
  file: { name: string; checksum: string },
): Promise<void> {
  const fields = { file: { [locale]: file.name }, checksum: { [locale]: file.checksum }, appliedAt: { [locale]: new Date().toISOString() } };
  await client.entry.createWithId({ spaceId, environmentId, contentTypeId: STATE_TYPE, entryId: recordId(file.name) }, { fields });
}

/** `401 AccessTokenInvalid: The access token…`, from the SDK's JSON error message; never its request (it carries the token's tail). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  try {
    const body = JSON.parse(error.message) as { status?: number; message?: string; details?: { errors?: { details?: string; name?: string }[] } };
    const reasons = (body.details?.errors ?? []).map((reason) => reason.details ?? reason.name).filter(Boolean);
    return [`${body.status ?? ''} ${error.name}`.trim(), [body.message, ...reasons].filter(Boolean).join('; ')].filter(Boolean).join(': ');
  } catch {
    return `${error.name}: ${error.message}`;
  }
}
