import { BLOCKS, INLINES, MARKS } from '@contentful/rich-text-types';

import { SPACE_ID } from '../lib/ids.ts';

/**
 * The content model of docs/content-model.md as CMA content-type definitions.
 * Every text field is localized; slugs, files, links, dates and flags are not.
 */
export interface FieldDefinition {
  id: string;
  name: string;
  type: 'Symbol' | 'Text' | 'RichText' | 'Object' | 'Link' | 'Date' | 'Boolean';
  localized: boolean;
  required: boolean;
  validations: Record<string, unknown>[];
  disabled: boolean;
  omitted: boolean;
  linkType?: 'Asset' | 'Entry';
}

export interface ContentTypeDefinition {
  id: string;
  name: string;
  description: string;
  displayField: string;
  fields: FieldDefinition[];
  /** Editor widget per field id (built-in widgets of the web app). */
  widgets: Record<string, string>;
}

type FieldOptions = Partial<Pick<FieldDefinition, 'localized' | 'required' | 'validations' | 'linkType'>>;

function field(id: string, name: string, type: FieldDefinition['type'], options: FieldOptions = {}): FieldDefinition {
  const localized = options.localized ?? ['Symbol', 'Text', 'RichText'].includes(type);
  return {
    id,
    name,
    type,
    localized,
    required: options.required ?? false,
    validations: options.validations ?? [],
    disabled: false,
    omitted: false,
    ...(options.linkType ? { linkType: options.linkType } : {}),
  };
}

const SLUG = [{ unique: true }, { regexp: { pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', flags: null }, message: 'Lowercase words separated by hyphens.' }];
const IMAGE = [{ linkMimetypeGroup: ['image'] }];

const ALL_MARKS = Object.values(MARKS);
const BODY_NODE_TYPES = [
  ...[BLOCKS.HEADING_1, BLOCKS.HEADING_2, BLOCKS.HEADING_3, BLOCKS.HEADING_4, BLOCKS.HEADING_5, BLOCKS.HEADING_6],
  BLOCKS.OL_LIST,
  BLOCKS.UL_LIST,
  BLOCKS.HR,
  BLOCKS.QUOTE,
  BLOCKS.TABLE,
  BLOCKS.EMBEDDED_ENTRY,
  BLOCKS.EMBEDDED_ASSET,
  BLOCKS.EMBEDDED_RESOURCE,
  INLINES.HYPERLINK,
  INLINES.ENTRY_HYPERLINK,
  INLINES.ASSET_HYPERLINK,
  INLINES.RESOURCE_HYPERLINK,
  INLINES.EMBEDDED_ENTRY,
  INLINES.EMBEDDED_RESOURCE,
];
const ALLOWED_RESOURCES = [
  { type: 'Contentful:Entry', source: `crn:contentful:::content:spaces/${SPACE_ID}`, contentTypes: ['article', 'model', 'page'] },
  { type: 'Contentful:Entry', source: 'crn:contentful:::content:spaces/vitrine-archive', contentTypes: ['article'] },
];
const LINKABLE = ['article', 'model', 'page'];

const BODY_VALIDATIONS = [
  { enabledMarks: ALL_MARKS, message: 'Only bold, italic, underline, code, superscript, subscript and strikethrough are allowed.' },
  { enabledNodeTypes: BODY_NODE_TYPES, message: 'This node type is not allowed here.' },
  {
    nodes: {
      [BLOCKS.EMBEDDED_ENTRY]: [{ linkContentType: ['article', 'model'], message: 'Embed an article or a model.' }],
      [INLINES.EMBEDDED_ENTRY]: [{ linkContentType: ['article', 'model', 'person'], message: null }],
      [INLINES.ENTRY_HYPERLINK]: [{ linkContentType: LINKABLE, message: null }],
      [BLOCKS.EMBEDDED_RESOURCE]: { validations: [], allowedResources: ALLOWED_RESOURCES },
      [INLINES.EMBEDDED_RESOURCE]: { validations: [], allowedResources: ALLOWED_RESOURCES },
      [INLINES.RESOURCE_HYPERLINK]: { validations: [], allowedResources: ALLOWED_RESOURCES },
    },
  },
];
const FOOTER_VALIDATIONS = [
  { enabledMarks: [MARKS.BOLD, MARKS.ITALIC, MARKS.UNDERLINE], message: 'Only bold, italic and underline are allowed.' },
  { enabledNodeTypes: [INLINES.HYPERLINK, INLINES.ENTRY_HYPERLINK], message: 'Footers hold short paragraphs and links.' },
  { nodes: { [INLINES.ENTRY_HYPERLINK]: [{ linkContentType: ['page'], message: null }] } },
];

export const CONTENT_TYPES: ContentTypeDefinition[] = [
  {
    id: 'siteSettings',
    name: 'Site settings',
    description: 'One entry: the site name, navigation and footer.',
    displayField: 'name',
    fields: [
      field('name', 'Name', 'Symbol', { required: true }),
      field('description', 'Description', 'Text', { validations: [{ size: { max: 300 } }] }),
      field('navigation', 'Navigation', 'Object', { localized: true }),
      field('footer', 'Footer', 'RichText', { validations: FOOTER_VALIDATIONS }),
      field('socialImage', 'Social image', 'Link', { linkType: 'Asset', validations: IMAGE }),
    ],
    widgets: { name: 'singleLine', description: 'multipleLine', navigation: 'objectEditor', footer: 'richTextEditor', socialImage: 'assetLinkEditor' },
  },
  {
    id: 'page',
    name: 'Page',
    description: 'A standalone page such as About or Imprint.',
    displayField: 'title',
    fields: [
      field('title', 'Title', 'Symbol', { required: true }),
      field('slug', 'Slug', 'Symbol', { localized: false, required: true, validations: SLUG }),
      field('body', 'Body', 'RichText', { validations: BODY_VALIDATIONS }),
      field('seoTitle', 'SEO title', 'Symbol', { validations: [{ size: { max: 60 } }] }),
      field('seoDescription', 'SEO description', 'Text', { validations: [{ size: { max: 160 } }] }),
      field('ogImage', 'Open Graph image', 'Link', { linkType: 'Asset', validations: IMAGE }),
    ],
    widgets: {
      title: 'singleLine',
      slug: 'slugEditor',
      body: 'richTextEditor',
      seoTitle: 'singleLine',
      seoDescription: 'multipleLine',
      ogImage: 'assetLinkEditor',
    },
  },
  {
    id: 'article',
    name: 'Article',
    description: 'A story about design, materials, craft or how the models are made.',
    displayField: 'title',
    fields: [
      field('title', 'Title', 'Symbol', { required: true }),
      field('slug', 'Slug', 'Symbol', { localized: false, required: true, validations: SLUG }),
      field('excerpt', 'Excerpt', 'Text', { validations: [{ size: { max: 280 } }] }),
      field('body', 'Body', 'RichText', { required: true, validations: BODY_VALIDATIONS }),
      field('heroImage', 'Hero image', 'Link', { linkType: 'Asset', validations: IMAGE }),
      field('author', 'Author', 'Link', { linkType: 'Entry', validations: [{ linkContentType: ['person'] }] }),
      field('publishDate', 'Publish date', 'Date', { required: true }),
    ],
    widgets: {
      title: 'singleLine',
      slug: 'slugEditor',
      excerpt: 'multipleLine',
      body: 'richTextEditor',
      heroImage: 'assetLinkEditor',
      author: 'entryLinkEditor',
      publishDate: 'datePicker',
    },
  },
  {
    id: 'model',
    name: '3D model',
    description: 'A product shown in the 3D viewer: a glTF file, a poster and its real dimensions.',
    displayField: 'name',
    fields: [
      field('name', 'Name', 'Symbol', { required: true }),
      field('slug', 'Slug', 'Symbol', { localized: false, required: true, validations: SLUG }),
      field('summary', 'Summary', 'Text', { validations: [{ size: { max: 200 } }] }),
      field('description', 'Description', 'RichText', { validations: BODY_VALIDATIONS }),
      field('file', 'glTF file', 'Link', { linkType: 'Asset', required: true, validations: [{ assetFileSize: { max: 20_971_520 } }] }),
      field('poster', 'Poster', 'Link', { linkType: 'Asset', validations: IMAGE }),
      field('dimensions', 'Dimensions', 'Object'),
      field('camera', 'Camera', 'Object'),
      field('autoRotate', 'Auto-rotate', 'Boolean'),
      field('featured', 'Featured', 'Boolean'),
    ],
    widgets: {
      name: 'singleLine',
      slug: 'slugEditor',
      summary: 'multipleLine',
      description: 'richTextEditor',
      file: 'assetLinkEditor',
      poster: 'assetLinkEditor',
      dimensions: 'objectEditor',
      camera: 'objectEditor',
      autoRotate: 'boolean',
      featured: 'boolean',
    },
  },
  {
    id: 'person',
    name: 'Person',
    description: 'An author.',
    displayField: 'name',
    fields: [
      field('name', 'Name', 'Symbol', { required: true }),
      field('avatar', 'Avatar', 'Link', { linkType: 'Asset', validations: IMAGE }),
      field('bio', 'Bio', 'Text'),
    ],
    widgets: { name: 'singleLine', avatar: 'assetLinkEditor', bio: 'multipleLine' },
  },
];
