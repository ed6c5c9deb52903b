import type { ExportAsset, ExportEntry } from './space-export-schema.ts';

// What no single item shows (duplicates, the default locale, fallbacks), checked on the raw JSON so that they are listed
// together with every item's own problems; and what older exports lack, resolved the way Contentful does (ADR 040).

interface ParsedLocale {
  code: string;
  default: boolean;
  fallbackCode?: string | null | undefined;
}
type Resolved<L extends ParsedLocale> = L & { default: boolean; fallbackCode: string | null };

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_NAMED = 10;

/** ` (id 4xg…, content type article)` or ` (code de-DE)`: what a human searches the file for. */
export function labelOf(item: unknown): string {
  if (!isRecord(item)) return '';
  // A locale's sys.id is noise.
  if (typeof item['code'] === 'string') return ` (code ${clip(item['code'])})`;
  const sys = isRecord(item['sys']) ? item['sys'] : {};
  const contentType = isRecord(sys['contentType']) && isRecord(sys['contentType']['sys']) ? sys['contentType']['sys']['id'] : undefined;
  const parts = [typeof sys['id'] === 'string' && `id ${clip(sys['id'])}`, typeof contentType === 'string' && `content type ${clip(contentType)}`];
  const label = parts.filter(Boolean).join(', ');
  return label && ` (${label})`;
}

const clip = (text: string) => (text.length > 64 ? `${text.slice(0, 63)}…` : text);

/** Returns the locales with one default and every fallback resolved. */
export function checkExport<L extends ParsedLocale>(
  raw: Record<string, unknown>,
  space: { entries: readonly ExportEntry[]; assets: readonly ExportAsset[]; locales: readonly L[] },
  problems: string[],
): { locales: Resolved<L>[]; warnings: string[] } {
  const warnings: string[] = [];
  for (const path of ['contentTypes', 'entries', 'assets', 'tags', 'taxonomy.concepts']) {
    const items = path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), raw);
    if (Array.isArray(items)) reportDuplicateIds(path, items, problems);
  }
  const locales = resolveLocales(raw['locales'], space.locales, problems, warnings);
  warnTagsWithoutVisibility(raw['tags'], warnings);
  for (const { sys } of [...space.entries, ...space.assets]) markDeliveredAsPublished(sys);
  return { locales, warnings };
}

function reportDuplicateIds(path: string, items: readonly unknown[], problems: string[]): void {
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const id = isRecord(item) && isRecord(item['sys']) ? item['sys']['id'] : undefined;
    if (typeof id !== 'string') return;
    const first = firstIndex.get(id);
    if (first === undefined) firstIndex.set(id, index);
    else problems.push(`${path}[${index}]${labelOf(item)}.sys.id: duplicate id "${id}" (first at ${path}[${first}])`);
  });
}

function resolveLocales<L extends ParsedLocale>(raw: unknown, parsed: readonly L[], problems: string[], warnings: string[]): Resolved<L>[] {
  if (raw === undefined) {
    problems.push('locales: missing; `contentful space export` leaves them out with --skip-content-model or --content-only: export again without it');
    return [];
  }
  if (!Array.isArray(raw)) return []; // reported by the item check
  if (raw.length === 0) problems.push('locales: empty; a space has at least its default locale');
  const items = raw.map((item: unknown) => (isRecord(item) ? item : {}));
  const codeOf = (item: Record<string, unknown>) => (typeof item['code'] === 'string' ? item['code'] : undefined);
  const codesOf = (list: Record<string, unknown>[]) => list.flatMap((item) => codeOf(item) ?? []);
  const codes = items.map(codeOf);
  items.forEach((item, index) => {
    const [code, fallbackCode] = [codes[index], item['fallbackCode']];
    if (code !== undefined && codes.indexOf(code) < index) problems.push(`locales[${index}]${labelOf(item)}.code: duplicate code "${code}"`);
    if (typeof fallbackCode === 'string' && !codes.includes(fallbackCode)) {
      problems.push(`locales[${index}]${labelOf(item)}.fallbackCode: unknown locale "${fallbackCode}"`);
    }
  });
  const defaultCode = chooseDefault(codesOf(items.filter((item) => item['default'] === true)), codesOf(items), warnings);
  const withoutFallback = codesOf(items.filter((item) => !('fallbackCode' in item))).filter((code) => code !== defaultCode);
  if (withoutFallback.length > 0 && defaultCode !== undefined) {
    warnings.push(
      `locales ${nameList(withoutFallback)} have no fallbackCode (exported before Contentful had configurable fallbacks, ` +
        `when every locale fell back to the default): they fall back to ${defaultCode}`,
    );
  }
  return parsed.map((locale) => {
    const isDefault = locale.code === defaultCode;
    return {
      ...locale,
      default: isDefault,
      fallbackCode: locale.fallbackCode === undefined ? (isDefault ? null : (defaultCode ?? null)) : locale.fallbackCode,
    };
  });
}

/** The CMA has exactly one default; where an export flags several, contentful-import takes the first, as here. */
function chooseDefault(flagged: readonly string[], all: readonly string[], warnings: string[]): string | undefined {
  const chosen = flagged[0] ?? all[0];
  if (chosen === undefined) return undefined;
  if (flagged.length > 1) warnings.push(`locales ${nameList(flagged)} are all flagged default; using ${chosen}, the first, as contentful-import does`);
  else if (flagged.length === 0) warnings.push(`no locale is flagged default; using ${chosen}, the first`);
  return chosen;
}

/** Tags from before Contentful had public tags carry no visibility; the CMA, contentful-import and contentful-migration all read that as private. */
function warnTagsWithoutVisibility(raw: unknown, warnings: string[]): void {
  if (!Array.isArray(raw)) return;
  const ids = raw.flatMap((tag: unknown) => {
    const sys = isRecord(tag) && isRecord(tag['sys']) ? tag['sys'] : undefined;
    return sys && sys['visibility'] === undefined && typeof sys['id'] === 'string' ? [sys['id']] : [];
  });
  if (ids.length === 0) return;
  warnings.push(
    `tags ${nameList(ids)} have no sys.visibility (exported before Contentful had public tags): read as private, Contentful's default, ` +
      'so the site does not show them; recreate them as public tags to show them',
  );
}

/** An export that read entries and assets through the CDA (`--delivery-token`) holds only published ones, with `revision` instead of versions. */
export function markDeliveredAsPublished(sys: ExportEntry['sys'] | ExportAsset['sys']): void {
  if (sys.revision === undefined || sys.version !== undefined) return;
  // The CDA's `revision` counts publishes, as the CMA's `publishedCounter` does (some CDA answers also carry `publishedVersion`).
  sys.publishedCounter ??= sys.revision;
  if (sys.publishedVersion !== undefined || sys.publishedAt !== undefined) return;
  sys.publishedAt = sys.updatedAt;
  sys.firstPublishedAt ??= sys.createdAt;
}

function nameList(names: readonly string[]): string {
  const listed = names.slice(0, MAX_NAMED).join(', ');
  return names.length > MAX_NAMED ? `${listed} and ${names.length - MAX_NAMED} more` : listed;
}
