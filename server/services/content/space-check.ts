import { CONTENT_TYPES } from '#shared/content/content-model.ts';
import { DEFAULT_LOCALE, LOCALES } from '#shared/content/types.ts';

import type { SpaceProblem, SpaceStatus } from '#server/services/content/space-status.ts';
import type { Field } from '#shared/content/declare.ts';

export interface SpaceField {
  id: string;
  type: string;
  linkType?: string;
  items?: { type: string; linkType?: string; validations?: readonly unknown[] };
  validations?: readonly unknown[];
  localized?: boolean;
  omitted?: boolean;
  disabled?: boolean;
}
export interface SpaceContentType {
  sys: { id: string };
  fields: readonly SpaceField[];
}
interface SpaceLocale {
  code: string;
  default?: boolean;
  fallbackCode?: string | null;
}
export interface SpaceCheckInput {
  contentTypes: readonly SpaceContentType[];
  locales: readonly SpaceLocale[];
  /** Undefined: not asked. */
  hasTaxonomy?: boolean;
  hasTags?: boolean;
}

const article = (type: string) => (/^[AEIOU]/.test(type) ? `an ${type}` : `a ${type}`);
const plural = (type: string) => (type === 'Entry' ? 'Entries' : `${type}s`);
const describe = (type: string, linkType?: string) => (type === 'Link' && linkType ? `a link to ${article(linkType)}` : article(type));
const describeList = (items: NonNullable<SpaceField['items']>) =>
  `a list of ${items.type === 'Link' ? `links to ${plural(items.linkType ?? '')}` : plural(items.type)}`;

const describeField = (f: Pick<SpaceField, 'type' | 'linkType' | 'items'>) =>
  f.type === 'Array' && f.items ? describeList(f.items) : describe(f.type, f.linkType);

function typeProblem(field: SpaceField, need: Field): string | undefined {
  const [is, want] = [describeField(field), describeField(need)];
  if (is === want) return undefined;
  return need.type === 'Link' ? `must link to ${article(need.linkType ?? '')} (is ${is})` : `must be ${want} (is ${is})`;
}

type Rule = { linkContentType?: unknown; linkMimetypeGroup?: unknown };
const allowed = (validations: readonly unknown[] | undefined, key: keyof Rule): string[] | undefined => {
  const found = (validations ?? []).find((v): v is Rule => typeof v === 'object' && v !== null && key in v);
  const value = found?.[key];
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;
};

/** Validations that would stop editors linking what the declaration links there. */
function validationProblem(field: SpaceField, need: Field): string | undefined {
  // A list's link rules sit on its items.
  const rules = (of: { type: string; items?: { validations?: readonly unknown[] }; validations?: readonly unknown[] }) =>
    of.type === 'Array' ? of.items?.validations : of.validations;
  const wanted = allowed(rules(need), 'linkContentType')?.[0];
  const types = wanted ? allowed(rules(field), 'linkContentType') : undefined;
  if (wanted && types && !types.includes(wanted)) return `must allow links to ${wanted} entries (allows ${types.join(', ') || 'none'})`;
  const group = allowed(need.validations, 'linkMimetypeGroup')?.[0];
  const groups = group ? allowed(field.validations, 'linkMimetypeGroup') : undefined;
  if (group && groups && !groups.includes(group)) return `must accept ${group}s (accepts ${groups.join(', ') || 'nothing'})`;
  return undefined;
}

function checkField(field: SpaceField | undefined, need: Field): string | undefined {
  if (!field) return need.essential ? 'missing' : 'optional field missing';
  // Omitted fields never reach the API; disabled ones cannot be edited: both are as good as missing.
  if (field.omitted) return 'omitted from the API (it is never delivered)';
  if (field.disabled) return 'disabled (editors cannot fill it in)';
  return typeProblem(field, need) ?? validationProblem(field, need);
}

function checkLocales(locales: readonly SpaceLocale[], problems: { errors: SpaceProblem[]; warnings: SpaceProblem[] }) {
  const byCode = new Map(locales.map((locale) => [locale.code, locale]));
  for (const code of LOCALES) {
    const locale = byCode.get(code);
    if (!locale && code === DEFAULT_LOCALE) problems.errors.push({ path: `locale ${code}`, message: 'not in space' });
    else if (!locale) problems.warnings.push({ path: `locale ${code}`, message: 'not in space (its routes are dropped)' });
    // The default locale has no fallback by definition.
    else if (code !== DEFAULT_LOCALE && !locale.default && !locale.fallbackCode) {
      problems.warnings.push({ path: `locale ${code}`, message: `no fallback locale (untranslated fields are empty; set it to ${DEFAULT_LOCALE})` });
    }
  }
  return LOCALES.filter((code) => byCode.has(code));
}

/** Every mismatch at once. Errors: the site cannot work; warnings: it degrades (an optional field, a second locale, tags, taxonomy). */
export function checkSpace({ contentTypes, locales, hasTaxonomy, hasTags }: SpaceCheckInput): SpaceStatus {
  const problems = { errors: [] as SpaceProblem[], warnings: [] as SpaceProblem[] };
  const byId = new Map(contentTypes.map((type) => [type.sys.id, type]));
  // `essential` types and fields are errors.
  for (const declared of CONTENT_TYPES) {
    const type = byId.get(declared.id);
    if (!type) {
      const problem = { path: `content type ${declared.id}`, message: declared.essential ? 'missing' : 'optional content type missing' };
      (declared.essential ? problems.errors : problems.warnings).push(problem);
      continue;
    }
    const fields = new Map(type.fields.map((field) => [field.id, field]));
    for (const need of declared.fields) {
      const message = checkField(fields.get(need.id), need);
      if (message) (declared.essential && need.essential ? problems.errors : problems.warnings).push({ path: `${declared.id}.${need.id}`, message });
    }
  }
  const served = checkLocales(locales, problems);
  if (hasTags === false) problems.warnings.push({ path: 'tags', message: 'no public tags (tag pages and filters are empty)' });
  if (hasTaxonomy === false) problems.warnings.push({ path: 'taxonomy', message: 'no taxonomy concepts (models have no categories)' });
  return { state: problems.errors.length === 0 ? 'ready' : 'not-set-up', ...problems, locales: served };
}

export const formatProblems = (problems: readonly SpaceProblem[]): string[] => problems.map(({ path, message }) => `${path}: ${message}`);
