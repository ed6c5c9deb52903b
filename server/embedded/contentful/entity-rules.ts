import { invalidPath, invalidQuery } from './cda-errors.ts';

import type { FieldDef, IndexedContentType } from './export-index.ts';

/**
 * Which paths the entries and assets endpoints accept in filters, `order`
 * and `select`. Mirrors the CDA: entry fields can only be addressed together
 * with `content_type`, and only scalar (or link id) fields can be ordered by.
 */
export interface PathRules {
  filter(path: readonly string[], key: string): void;
  order(path: readonly string[], key: string): void;
  select(path: readonly string[], key: string): void;
}

const ORDERABLE_SYS = new Set(['id', 'type', 'createdAt', 'updatedAt', 'revision', 'publishedAt', 'firstPublishedAt', 'publishedVersion']);
const ORDERABLE_FIELD_TYPES = new Set(['Symbol', 'Integer', 'Number', 'Date', 'Boolean']);
const ORDERABLE_ASSET_PATHS = new Set(['fields.title', 'fields.file.contentType', 'fields.file.fileName', 'fields.file.url', 'fields.file.details.size']);
const ASSET_FIELDS = new Set(['title', 'description', 'file']);
const ROOTS = new Set(['sys', 'fields', 'metadata']);

function checkRoot(path: readonly string[], key: string): void {
  if (!ROOTS.has(path[0] ?? '') || path.length < 2 || path.some((segment) => segment === '')) {
    throw invalidPath(key, `The path "${key}" is not recognized`);
  }
}

function checkSysOrder(path: readonly string[], key: string): void {
  const sysPath = path.slice(1).join('.');
  if (!ORDERABLE_SYS.has(sysPath) && sysPath !== 'contentType.sys.id') throw invalidPath(key, `Cannot order by "${key}"`);
}

export function entryRules(contentType: IndexedContentType | undefined): PathRules {
  const fieldDef = (path: readonly string[], key: string): FieldDef => {
    if (!contentType) {
      throw invalidQuery({ name: 'unknown', path: [...path], details: `Searching or ordering on "${key}" requires the content_type parameter` });
    }
    const def = contentType.fieldDefs.get(path[1] ?? '');
    if (!def) throw invalidPath(key, `No field with id "${path[1]}" found on content type "${contentType.id}"`);
    return def;
  };
  return {
    filter(path, key) {
      checkRoot(path, key);
      if (path[0] === 'fields') fieldDef(path, key);
    },
    order(path, key) {
      checkRoot(path, key);
      if (path[0] === 'sys') return checkSysOrder(path, key);
      if (path[0] !== 'fields') throw invalidPath(key, `Cannot order by "${key}"`);
      const def = fieldDef(path, key);
      const isScalar = ORDERABLE_FIELD_TYPES.has(def.type) && path.length === 2;
      const isLinkId = def.type === 'Link' && path.slice(2).join('.') === 'sys.id';
      if (!isScalar && !isLinkId) throw invalidPath(key, `Cannot order by field "${def.id}" of type ${def.type}`);
    },
    select(path, key) {
      if (path[0] === 'fields' && path.length === 2) fieldDef(path, key);
    },
  };
}

export const assetRules: PathRules = {
  filter(path, key) {
    checkRoot(path, key);
    if (path[0] === 'fields' && !ASSET_FIELDS.has(path[1] ?? '')) throw invalidPath(key, `The path "${key}" is not recognized`);
  },
  order(path, key) {
    checkRoot(path, key);
    if (path[0] === 'sys') return checkSysOrder(path, key);
    if (!ORDERABLE_ASSET_PATHS.has(path.join('.'))) throw invalidPath(key, `Cannot order by "${key}"`);
  },
  select() {},
};

const MIME_GROUPS: [group: string, test: RegExp][] = [
  ['image', /^image\//],
  ['audio', /^audio\//],
  ['video', /^video\//],
  ['plaintext', /^text\/plain$/],
  ['pdfdocument', /^application\/pdf$/],
  ['richtext', /^(application\/(msword|rtf|vnd\.openxmlformats-officedocument\.wordprocessingml\..*)|text\/rtf)$/],
  ['presentation', /^application\/(vnd\.ms-powerpoint|vnd\.openxmlformats-officedocument\.presentationml\..*|vnd\.apple\.keynote)$/],
  ['spreadsheet', /^(application\/(vnd\.ms-excel|vnd\.openxmlformats-officedocument\.spreadsheetml\..*)|text\/csv)$/],
  ['archive', /^application\/(zip|x-tar|gzip|x-gzip|x-7z-compressed|x-rar-compressed)$/],
  ['markup', /^(text\/html|text\/xml|application\/xml|application\/xhtml\+xml)$/],
  ['code', /^(application\/(json|javascript)|text\/(javascript|css|x-[\w-]+))$/],
];

export const MIME_GROUP_NAMES = new Set([...MIME_GROUPS.map(([group]) => group), 'attachment']);

/** The CDA `mimetype_group` of a content type; anything unrecognized is an `attachment` (e.g. `model/gltf-binary`). */
export function mimeGroupOf(contentType: string): string {
  return MIME_GROUPS.find(([, test]) => test.test(contentType))?.[0] ?? 'attachment';
}
