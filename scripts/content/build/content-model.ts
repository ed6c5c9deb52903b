import { readJson } from '../lib/source.ts';
import { createModelSys, toLink } from '../lib/space.ts';

/** Content types, editor interfaces, locales and tags from content/source/content-model.json. */
interface FieldSource {
  id: string;
  name: string;
  type: string;
  linkType?: string;
  items?: { type: string; linkType?: string; validations?: Record<string, unknown>[] };
  localized?: boolean;
  required?: boolean;
  /** Inline rules, or the name of a shared set in `validations`. */
  validations?: string | Record<string, unknown>[];
  widget: string;
  helpText?: string;
}

interface ContentModelSource {
  locales: { id: string; name: string; code: string; fallbackCode: string | null; default: boolean; optional: boolean }[];
  tags: { id: string; name: string; visibility: 'public' | 'private' }[];
  validations: Record<string, Record<string, unknown>[]>;
  contentTypes: { id: string; name: string; description: string; displayField: string; fields: FieldSource[] }[];
}

const CREATED_AT = '2024-11-04T10:15:00.000Z';

export function buildContentModel() {
  const model = readJson<ContentModelSource>('content-model.json');
  const toField = ({ id, name, type, linkType, items, localized, required, validations = [] }: FieldSource) => ({
    id,
    name,
    type,
    // Text is localized unless said otherwise; slugs, files, links, dates and flags are not.
    localized: localized ?? ['Symbol', 'Text', 'RichText'].includes(type),
    required: required ?? false,
    validations: typeof validations === 'string' ? model.validations[validations] : validations,
    disabled: false,
    omitted: false,
    ...(linkType ? { linkType } : {}),
    ...(items ? { items: { validations: [], ...items } } : {}),
  });
  return {
    contentTypes: model.contentTypes.map(({ id, name, description, displayField, fields }) => ({
      sys: createModelSys(id, 'ContentType', CREATED_AT, true),
      displayField,
      name,
      description,
      fields: fields.map(toField),
    })),
    tags: model.tags.map(({ id, name, visibility }) => ({ sys: { ...createModelSys(id, 'Tag', CREATED_AT, false), visibility }, name })),
    editorInterfaces: model.contentTypes.map((contentType) => {
      const { id: _id, type: _type, ...sys } = createModelSys(contentType.id, 'EditorInterface', CREATED_AT, false);
      return {
        sys: { id: 'default', type: 'EditorInterface', ...sys, contentType: toLink('ContentType', contentType.id) },
        controls: contentType.fields.map(({ id, widget, helpText }) => ({
          fieldId: id,
          widgetId: widget,
          widgetNamespace: 'builtin',
          ...(helpText ? { settings: { helpText } } : {}),
        })),
      };
    }),
    locales: model.locales.map(({ id, ...locale }) => ({
      ...locale,
      internal_code: locale.code,
      contentDeliveryApi: true,
      contentManagementApi: true,
      sys: createModelSys(id, 'Locale', CREATED_AT, false),
    })),
  };
}
