import { CONTENT_TYPES } from '../data/content-types.ts';
import { TAGS } from '../data/tags.ts';
import { createModelSys } from '../lib/export-entities.ts';
import { toLink } from '../lib/ids.ts';

/** Content types, editor interfaces, locales and tags as the export writes them. */
const MODEL_CREATED_AT = '2024-11-04T10:15:00.000Z';

export function buildContentTypes() {
  return CONTENT_TYPES.map(({ id, name, description, displayField, fields }) => ({
    sys: createModelSys(id, 'ContentType', MODEL_CREATED_AT, true),
    displayField,
    name,
    description,
    fields,
  }));
}

export function buildEditorInterfaces() {
  return CONTENT_TYPES.map((contentType) => {
    const { id: _id, type: _type, ...sys } = createModelSys(contentType.id, 'EditorInterface', MODEL_CREATED_AT, false);
    return {
      sys: { id: 'default', type: 'EditorInterface', ...sys, contentType: toLink('ContentType', contentType.id) },
      controls: contentType.fields.map((field) => ({ fieldId: field.id, widgetId: contentType.widgets[field.id] ?? 'singleLine', widgetNamespace: 'builtin' })),
    };
  });
}

export function buildLocales() {
  return [
    { name: 'English (United States)', code: 'en-US', fallbackCode: null, default: true, optional: false },
    { name: 'German (Germany)', code: 'de-DE', fallbackCode: 'en-US', default: false, optional: true },
  ].map((locale, index) => ({
    ...locale,
    internal_code: locale.code,
    contentDeliveryApi: true,
    contentManagementApi: true,
    sys: createModelSys(['1g1MFRHfVhQ6dRW9YFDr3x', '5Kq1dNpWn8u5oZbOzxHTaB'][index] ?? locale.code, 'Locale', MODEL_CREATED_AT, false),
  }));
}

export function buildTags() {
  return TAGS.map((tag) => {
    const sys = createModelSys(tag.id, 'Tag', MODEL_CREATED_AT, false);
    return { sys: { ...sys, visibility: tag.visibility }, name: tag.name };
  });
}
