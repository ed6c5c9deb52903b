import { readJson } from '../lib/source.ts';
import { createModelSys, toLink } from '../lib/space.ts';

import type { Localized } from '../lib/space.ts';

/** Content types, editor interfaces, locales, tags and the taxonomy, from content/source/{content-model,taxonomy}.json. */
interface FieldSource {
  id: string;
  name: string;
  type: string;
  linkType?: string;
  localized?: boolean;
  required?: boolean;
  /** Inline rules, or the name of a shared set in `validations`. */
  validations?: string | Record<string, unknown>[];
  widget: string;
}

interface ContentModelSource {
  locales: { id: string; name: string; code: string; fallbackCode: string | null; default: boolean; optional: boolean }[];
  tags: { id: string; name: string; visibility: 'public' | 'private' }[];
  validations: Record<string, Record<string, unknown>[]>;
  contentTypes: { id: string; name: string; description: string; displayField: string; fields: FieldSource[] }[];
}

interface ConceptSource {
  id: string;
  notation: string;
  label: Localized<string>;
  broader?: string;
  related?: string[];
  altLabels?: Localized<string[]>;
  hiddenLabels?: Localized<string[]>;
  definition?: Localized<string>;
  note?: Localized<string>;
}

const CREATED_AT = '2024-11-04T10:15:00.000Z';

export function buildContentModel() {
  const model = readJson<ContentModelSource>('content-model.json');
  const toField = ({ id, name, type, linkType, localized, required, validations = [], widget: _widget }: FieldSource) => ({
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
        controls: contentType.fields.map((field) => ({ fieldId: field.id, widgetId: field.widget, widgetNamespace: 'builtin' })),
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

/** The concept scheme and concepts in the shapes the CDA `taxonomy/…` endpoints return. */
export function buildTaxonomy() {
  const { scheme, concepts } = readJson<{ scheme: { id: string; label: Localized<string>; definition: Localized<string> }; concepts: ConceptSource[] }>(
    'taxonomy.json',
  );
  const uri = (id: string) => `https://vitrine.example/taxonomy/${id}`;
  const sys = (id: string, type: string, version: number) => ({ id, type, createdAt: CREATED_AT, updatedAt: CREATED_AT, version });
  const conceptLink = (id: string) => toLink('TaxonomyConcept', id);
  const empty = { 'en-US': [], 'de-DE': [] };
  return {
    conceptSchemes: [
      {
        sys: sys(scheme.id, 'TaxonomyConceptScheme', 3),
        uri: uri(scheme.id),
        prefLabel: scheme.label,
        definition: scheme.definition,
        topConcepts: concepts.filter((concept) => !concept.broader).map((concept) => conceptLink(concept.id)),
        concepts: concepts.map((concept) => conceptLink(concept.id)),
        totalConcepts: concepts.length,
      },
    ],
    concepts: concepts.map((concept) => ({
      sys: sys(concept.id, 'TaxonomyConcept', 2),
      uri: uri(concept.id),
      prefLabel: concept.label,
      altLabels: concept.altLabels ?? empty,
      hiddenLabels: concept.hiddenLabels ?? empty,
      note: concept.note ?? null,
      changeNote: null,
      definition: concept.definition ?? null,
      editorialNote: null,
      example: null,
      historyNote: null,
      scopeNote: null,
      notations: [concept.notation],
      broader: concept.broader ? [conceptLink(concept.broader)] : [],
      related: (concept.related ?? []).map(conceptLink),
      conceptSchemes: [toLink('TaxonomyConceptScheme', scheme.id)],
    })),
  };
}
