import { CONTENT_TYPES } from '#shared/content/content-model.ts';
import { forSpace } from '#shared/content/declare.ts';

import { readJson } from '../lib/source.ts';
import { createModelSys, SPACE_ID, toLink } from '../lib/space.ts';

import type { Field } from '#shared/content/declare.ts';

/** content/source/space.json, which `npm run setup` creates too. */
export interface SpaceSource {
  locales: { id: string; name: string; code: string; fallbackCode: string | null; default: boolean; optional: boolean }[];
  tags: { id: string; name: string; visibility: 'public' | 'private' }[];
}

type DeclaredField = Field & { id: string };

/** A declared field as the CMA stores it (setup saves it so too). */
export const toSpaceField = ({ id, name, type, localized, required, validations, disabled, omitted, linkType, items }: DeclaredField) => ({
  ...{ id, name, type, localized, required, validations, disabled, omitted },
  ...(linkType ? { linkType } : {}),
  ...(items ? { items: { validations: items.validations, type: items.type, ...(items.linkType ? { linkType: items.linkType } : {}) } } : {}),
});
export const toControl = ({ id, widget, helpText }: DeclaredField) => ({ fieldId: id, widgetId: widget, widgetNamespace: 'builtin', settings: { helpText } });

const CREATED_AT = '2024-11-04T10:15:00.000Z';
/** The demo's rich text may also link an article of a second, absent space (content/README.md). */
const ARCHIVE = { type: 'Contentful:Entry', source: 'crn:contentful:::content:spaces/vitrine-archive', contentTypes: ['article'] };

export function buildContentModel() {
  const { locales, tags } = readJson<SpaceSource>('space.json');
  const contentTypes = forSpace(CONTENT_TYPES, SPACE_ID, [ARCHIVE]);
  return {
    contentTypes: contentTypes.map(({ id, name, description, displayField, fields }) => ({
      sys: createModelSys(id, 'ContentType', CREATED_AT, true),
      displayField,
      name,
      description,
      fields: fields.map(toSpaceField),
    })),
    tags: tags.map(({ id, name, visibility }) => ({ sys: { ...createModelSys(id, 'Tag', CREATED_AT, false), visibility }, name })),
    editorInterfaces: contentTypes.map((contentType) => {
      const { id: _id, type: _type, ...sys } = createModelSys(contentType.id, 'EditorInterface', CREATED_AT, false);
      return {
        sys: { id: 'default', type: 'EditorInterface', ...sys, contentType: toLink('ContentType', contentType.id) },
        controls: contentType.fields.map(toControl),
      };
    }),
    locales: locales.map(({ id, ...locale }) => ({
      ...locale,
      internal_code: locale.code,
      contentDeliveryApi: true,
      contentManagementApi: true,
      sys: createModelSys(id, 'Locale', CREATED_AT, false),
    })),
  };
}
