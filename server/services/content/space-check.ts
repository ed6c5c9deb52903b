import { DEFAULT_LOCALE, LOCALES } from '#shared/content/types.ts';

import type { SpaceProblem, SpaceStatus } from '#server/services/content/space-status.ts';

/** A content type's field as the CDA, the CMA and an export carry it (the parts the check reads). */
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
export interface SpaceLocale {
  code: string;
  default?: boolean;
  fallbackCode?: string | null;
}
export interface SpaceCheckInput {
  contentTypes: readonly SpaceContentType[];
  locales: readonly SpaceLocale[];
  /** The space answered its taxonomy with at least one concept / its tags with at least one public tag (undefined: not asked). */
  hasTaxonomy?: boolean;
  hasTags?: boolean;
}

/** What Vitrine reads of a field: `required` ones it queries by, or shows an entry by (docs/decisions/038-content-model-check.md). */
interface Need {
  type: string;
  linkType?: 'Asset' | 'Entry';
  items?: { type: string; linkType?: 'Asset' | 'Entry' };
  required: boolean;
  /** Links that must be allowed to reach these content types / assets of this MIME group. */
  linkContentType?: string;
  mimeGroup?: string;
}

const symbol = (required = false): Need => ({ type: 'Symbol', required });
const text = (): Need => ({ type: 'Text', required: false });
const rich = (required = false): Need => ({ type: 'RichText', required });
const object = (required = false): Need => ({ type: 'Object', required });
const entries = (contentType: string): Need => ({ type: 'Array', items: { type: 'Link', linkType: 'Entry' }, required: false, linkContentType: contentType });
const boolean = (required = false): Need => ({ type: 'Boolean', required });
const image = (): Need => ({ type: 'Link', linkType: 'Asset', required: false, mimeGroup: 'image' });

/** Vitrine's content model (docs/content-model.md; content/source/content-model.json is what `npm run setup` creates). */
export const REQUIRED_MODEL: Record<string, { required: boolean; fields: Record<string, Need> }> = {
  siteSettings: {
    required: true,
    fields: { name: symbol(), description: text(), navigation: object(), footer: rich(), socialImage: image() },
  },
  page: {
    required: true,
    fields: { title: symbol(true), slug: symbol(true), body: rich(true), seoTitle: symbol(), seoDescription: text(), ogImage: image() },
  },
  article: {
    required: true,
    fields: {
      title: symbol(true),
      slug: symbol(true),
      excerpt: text(),
      body: rich(true),
      heroImage: image(),
      author: { type: 'Link', linkType: 'Entry', required: false, linkContentType: 'person' },
      publishDate: { type: 'Date', required: true },
    },
  },
  model: {
    required: true,
    fields: {
      name: symbol(true),
      slug: symbol(true),
      summary: text(),
      description: rich(),
      file: { type: 'Link', linkType: 'Asset', required: true },
      files: { type: 'Array', items: { type: 'Link', linkType: 'Asset' }, required: false },
      poster: image(),
      dimensions: object(),
      camera: object(),
      autoRotate: boolean(),
      featured: boolean(true),
      // Issue 15 (migrations/003): a space set up before it shows models without swatches, hotspots or an uploaded USDZ.
      variants: entries('modelVariant'),
      hotspots: entries('hotspot'),
      usdz: { type: 'Link', linkType: 'Asset', required: false },
    },
  },
  // Only reached through article.author: without it articles show no author.
  person: { required: false, fields: { name: symbol(true), avatar: image(), bio: text() } },
  // Only reached through model.variants / model.hotspots; `required` fields are those without which an entry is dropped.
  modelVariant: {
    required: false,
    fields: { key: symbol(true), label: symbol(true), gltfName: symbol(), swatch: symbol(), colors: object(), poster: image() },
  },
  hotspot: { required: false, fields: { label: symbol(true), note: rich(), position: object(true), normal: object(true), camera: object() } },
};

const article = (type: string) => (/^[AEIOU]/.test(type) ? `an ${type}` : `a ${type}`);
const plural = (type: string) => (type === 'Entry' ? 'Entries' : `${type}s`);
const describe = (type: string, linkType?: string) => (type === 'Link' && linkType ? `a link to ${article(linkType)}` : article(type));
const describeList = (items: NonNullable<SpaceField['items']>) =>
  `a list of ${items.type === 'Link' ? `links to ${plural(items.linkType ?? '')}` : plural(items.type)}`;

/** What is wrong with a field's type, or undefined when it is what Vitrine reads. */
function typeProblem(field: SpaceField, need: Need): string | undefined {
  const is = field.type === 'Array' && field.items ? describeList(field.items) : describe(field.type, field.linkType);
  if (need.type === 'Array' && need.items) {
    const { items } = field;
    if (field.type === 'Array' && items?.type === need.items.type && items.linkType === need.items.linkType) return undefined;
    return `must be ${describeList(need.items)} (is ${is})`;
  }
  if (need.type === 'Link') {
    return field.type === 'Link' && field.linkType === need.linkType ? undefined : `must link to ${article(need.linkType ?? '')} (is ${is})`;
  }
  return field.type === need.type ? undefined : `must be ${article(need.type)} (is ${is})`;
}

type Validation = { linkContentType?: unknown; linkMimetypeGroup?: unknown };
const allowed = (validations: readonly unknown[] | undefined, key: keyof Validation): string[] | undefined => {
  const found = (validations ?? []).find((v): v is Validation => typeof v === 'object' && v !== null && key in v);
  const value = found?.[key];
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;
};

/** Validations that would stop editors linking what Vitrine shows there. */
function validationProblem(field: SpaceField, need: Need): string | undefined {
  // A list's link rules sit on its items.
  const types = need.linkContentType ? allowed(field.type === 'Array' ? field.items?.validations : field.validations, 'linkContentType') : undefined;
  if (need.linkContentType && types && !types.includes(need.linkContentType)) {
    return `must allow links to ${need.linkContentType} entries (allows ${types.join(', ') || 'none'})`;
  }
  const groups = need.mimeGroup ? allowed(field.validations, 'linkMimetypeGroup') : undefined;
  if (need.mimeGroup && groups && !groups.includes(need.mimeGroup)) return `must accept ${need.mimeGroup}s (accepts ${groups.join(', ') || 'nothing'})`;
  return undefined;
}

function checkField(field: SpaceField | undefined, need: Need): string | undefined {
  if (!field) return need.required ? 'missing' : 'optional field missing';
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

/**
 * Compares a space with what Vitrine reads and lists every mismatch at once. Errors: the site cannot work (a content type
 * or field it queries by or shows entries by); warnings: it degrades (an optional field, a second locale, tags, taxonomy).
 */
export function checkSpace({ contentTypes, locales, hasTaxonomy, hasTags }: SpaceCheckInput): SpaceStatus {
  const problems = { errors: [] as SpaceProblem[], warnings: [] as SpaceProblem[] };
  const byId = new Map(contentTypes.map((type) => [type.sys.id, type]));
  for (const [typeId, spec] of Object.entries(REQUIRED_MODEL)) {
    const type = byId.get(typeId);
    if (!type) {
      const problem = { path: `content type ${typeId}`, message: spec.required ? 'missing' : 'optional content type missing' };
      (spec.required ? problems.errors : problems.warnings).push(problem);
      continue;
    }
    const fields = new Map(type.fields.map((field) => [field.id, field]));
    for (const [fieldId, need] of Object.entries(spec.fields)) {
      const message = checkField(fields.get(fieldId), need);
      if (message) (spec.required && need.required ? problems.errors : problems.warnings).push({ path: `${typeId}.${fieldId}`, message });
    }
  }
  const served = checkLocales(locales, problems);
  if (hasTags === false) problems.warnings.push({ path: 'tags', message: 'no public tags (tag pages and filters are empty)' });
  if (hasTaxonomy === false) problems.warnings.push({ path: 'taxonomy', message: 'no taxonomy concepts (models have no categories)' });
  return { state: problems.errors.length === 0 ? 'ready' : 'not-set-up', ...problems, locales: served };
}

/** One readable line per problem, for logs and the command line. */
export const formatProblems = (problems: readonly SpaceProblem[]): string[] => problems.map(({ path, message }) => `${path}: ${message}`);
