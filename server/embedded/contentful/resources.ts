import type { ExportContentType, ExportLocale, ExportTag } from './space-export.ts';

// The CDA serves the published snapshot (`createdAt`/`updatedAt` are the first and last publish, `revision` counts
// publishes); the CPA serves the editing timestamps and adds publish fields once published.

interface SpaceIds {
  spaceId: string;
  environmentId: string;
  preview: boolean;
}

interface ExportSys {
  id: string;
  createdAt: string;
  updatedAt: string;
  publishedVersion?: number;
  publishedAt?: string;
  firstPublishedAt?: string;
  publishedCounter?: number;
  contentType?: { sys: { id: string } };
}

export function toSpaceLink(spaceId: string) {
  return { sys: { type: 'Link', linkType: 'Space', id: spaceId } };
}

export function toEnvironmentLink(environmentId: string) {
  return { sys: { id: environmentId, type: 'Link', linkType: 'Environment' } };
}

export function toEntitySys(sys: ExportSys, type: 'Entry' | 'Asset', ids: SpaceIds): Record<string, unknown> {
  const contentType = sys.contentType ? { contentType: { sys: { type: 'Link', linkType: 'ContentType', id: sys.contentType.sys.id } } } : {};
  const publishedVersion = sys.publishedVersion === undefined ? {} : { publishedVersion: sys.publishedVersion };
  const head = { space: toSpaceLink(ids.spaceId), id: sys.id, type };
  if (!ids.preview) {
    return {
      ...head,
      createdAt: sys.firstPublishedAt ?? sys.createdAt,
      updatedAt: sys.publishedAt ?? sys.updatedAt,
      environment: toEnvironmentLink(ids.environmentId),
      ...publishedVersion,
      revision: sys.publishedCounter ?? 1,
      ...contentType,
    };
  }
  return {
    ...head,
    createdAt: sys.createdAt,
    updatedAt: sys.updatedAt,
    environment: toEnvironmentLink(ids.environmentId),
    ...(sys.firstPublishedAt === undefined ? {} : { firstPublishedAt: sys.firstPublishedAt }),
    ...(sys.publishedAt === undefined ? {} : { publishedAt: sys.publishedAt }),
    ...publishedVersion,
    revision: sys.publishedCounter ?? 0,
    ...contentType,
  };
}

export function toContentTypeResource(contentType: ExportContentType, ids: SpaceIds): Record<string, unknown> {
  const { sys } = contentType;
  return {
    sys: {
      space: toSpaceLink(ids.spaceId),
      id: sys.id,
      type: 'ContentType',
      createdAt: ids.preview ? sys.createdAt : (sys.firstPublishedAt ?? sys.createdAt),
      updatedAt: ids.preview ? sys.updatedAt : (sys.publishedAt ?? sys.updatedAt),
      environment: toEnvironmentLink(ids.environmentId),
      revision: sys.publishedCounter ?? 1,
    },
    displayField: contentType.displayField ?? '',
    name: contentType.name,
    description: contentType.description ?? '',
    fields: contentType.fields.map((field) => ({
      id: field.id,
      name: field.name,
      type: field.type,
      localized: field.localized,
      required: field.required,
      disabled: field.disabled,
      omitted: field.omitted,
      validations: field.validations,
      ...(field.linkType === undefined ? {} : { linkType: field.linkType }),
      ...(field.items === undefined ? {} : { items: field.items }),
    })),
  };
}

export function toLocaleResource(locale: ExportLocale): Record<string, unknown> {
  return {
    code: locale.code,
    name: locale.name,
    default: locale.default,
    fallbackCode: locale.fallbackCode,
    sys: { id: locale.sys?.id ?? locale.code, type: 'Locale', version: locale.sys?.version ?? 1 },
  };
}

export function toTagResource(tag: ExportTag, ids: Omit<SpaceIds, 'preview'>): Record<string, unknown> {
  const { sys } = tag;
  return {
    sys: {
      id: sys.id,
      type: 'Tag',
      createdAt: sys.createdAt,
      updatedAt: sys.updatedAt,
      environment: toEnvironmentLink(ids.environmentId),
      space: toSpaceLink(ids.spaceId),
      ...(sys['createdBy'] === undefined ? {} : { createdBy: sys['createdBy'] }),
      ...(sys['updatedBy'] === undefined ? {} : { updatedBy: sys['updatedBy'] }),
      version: sys.version ?? 1,
      visibility: sys.visibility,
    },
    name: tag.name,
  };
}
