import { invalidPath, notFound } from './cda-errors.ts';
import { parsePaging } from './query.ts';

import type { EndpointContext } from './endpoints.ts';
import type { QueryParams } from './query.ts';
import type { SpaceExport } from './space-export-schema.ts';

// The space's content model as the CDA serves it (`content_types`, `locales`): what the content-model check reads (ADR 038).

const FIELD_KEYS = ['id', 'name', 'type', 'linkType', 'items', 'localized', 'required', 'validations', 'disabled', 'omitted'] as const;
const PAGING = new Set(['skip', 'limit']);

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

/** Content types in their CDA shape (CMA-only sys keys dropped; `revision` counts publishes), rendered once per export. */
export function createModelEndpoints(data: SpaceExport) {
  const contentTypes = data.contentTypes.map((type) => {
    const { sys } = type;
    const fields = type.fields.map((field) => Object.fromEntries(FIELD_KEYS.flatMap((key) => (field[key] === undefined ? [] : [[key, field[key]]]))));
    const spaceId = sys.space?.sys.id;
    const environmentId = sys.environment?.sys.id;
    return {
      id: sys.id,
      body: (where: EndpointContext['where']) => ({
        sys: {
          space: link('Space', spaceId ?? where.space),
          id: sys.id,
          type: 'ContentType',
          createdAt: sys.createdAt,
          updatedAt: sys.updatedAt,
          environment: link('Environment', environmentId ?? where.environment),
          revision: sys.publishedCounter ?? 1,
        },
        displayField: type['displayField'] ?? null,
        name: type['name'] ?? sys.id,
        description: type['description'] ?? '',
        fields,
      }),
    };
  });

  const served = (context: EndpointContext) => contentTypes.filter((type) => context.scope.contentTypes.has(type.id));
  const checkParams = (params: QueryParams) => {
    for (const key of Object.keys(params)) if (!PAGING.has(key)) throw invalidPath(key, `The path "${key}" is not recognized`);
    return parsePaging(params);
  };
  const page = <T>(items: readonly T[], { skip, limit }: { skip: number; limit: number }) => ({
    sys: { type: 'Array' },
    total: items.length,
    skip,
    limit,
    items: items.slice(skip, skip + limit),
  });

  return {
    /** `GET /content_types`: the content types this API serves (published ones; the preview API also drafts). */
    queryContentTypes: (params: QueryParams, context: EndpointContext) =>
      page(
        served(context).map((type) => type.body(context.where)),
        checkParams(params),
      ),
    getContentType(id: string, context: EndpointContext): Record<string, unknown> {
      const type = served(context).find((candidate) => candidate.id === id);
      if (!type) throw notFound('ContentType', id, context.where);
      return type.body(context.where);
    },
    /** `GET /locales`: the locales this API serves (the CDA hides those switched off for delivery). */
    queryLocales(params: QueryParams, context: EndpointContext): Record<string, unknown> {
      const locales = data.locales
        .filter((locale) => context.scope.locales.has(locale.code))
        .map((locale) => ({
          code: locale.code,
          name: locale.name,
          default: locale.code === context.scope.locales.defaultCode,
          fallbackCode: locale.fallbackCode ?? null,
          sys: { id: locale.sys?.id ?? locale.code, type: 'Locale', version: locale.sys?.version ?? 1 },
        }));
      return page(locales, checkParams(params));
    },
  };
}

export type ModelEndpoints = ReturnType<typeof createModelEndpoints>;
