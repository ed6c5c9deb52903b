import { asset, assets, boolean, contentType, date, entries, entry, linkedType, object, pattern, richText, size, symbol, text, THIS_SPACE } from './declare.ts';

import type { ContentType, Validation } from './declare.ts';

// Declared once (ADR 062): setup, the model check, the demo export, the docs test and the mapper all read it.

const SLUG = [{ unique: true }, ...pattern('^[a-z0-9]+(?:-[a-z0-9]+)*$', 'Lowercase words separated by hyphens.')];
const IMAGE = [{ linkMimetypeGroup: ['image'] }];
const FILE_SIZE = [{ assetFileSize: { max: 20971520 } }];
const FOOTER = [
  { enabledMarks: ['bold', 'italic', 'underline'], message: 'Only bold, italic and underline are allowed.' },
  { enabledNodeTypes: ['hyperlink', 'entry-hyperlink'], message: 'Footers hold short paragraphs and links.' },
  { nodes: { 'entry-hyperlink': [{ linkContentType: ['page'], message: null }] } },
];
const RESOURCES = { validations: [], allowedResources: [{ type: 'Contentful:Entry', source: THIS_SPACE, contentTypes: ['article', 'model', 'page'] }] };
const RICH_TEXT: Validation[] = [
  {
    enabledMarks: ['bold', 'italic', 'underline', 'code', 'superscript', 'subscript', 'strikethrough'],
    message: 'Only bold, italic, underline, code, superscript, subscript and strikethrough are allowed.',
  },
  {
    enabledNodeTypes: [
      ...['heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6', 'ordered-list', 'unordered-list', 'hr', 'blockquote', 'table'],
      ...['embedded-entry-block', 'embedded-asset-block', 'embedded-resource-block', 'hyperlink', 'entry-hyperlink', 'asset-hyperlink'],
      ...['resource-hyperlink', 'embedded-entry-inline', 'embedded-resource-inline'],
    ],
    message: 'This node type is not allowed here.',
  },
  {
    nodes: {
      'embedded-entry-block': [{ linkContentType: ['article', 'model'], message: 'Embed an article or a model.' }],
      'embedded-entry-inline': [{ linkContentType: ['article', 'model', 'person'], message: null }],
      'entry-hyperlink': [{ linkContentType: ['article', 'model', 'page'], message: null }],
      'embedded-resource-block': RESOURCES,
      'embedded-resource-inline': RESOURCES,
      'resource-hyperlink': RESOURCES,
    },
  },
];
// Contentful has no length validation for rich text: the help text asks for about 1,000 characters and preview mode flags longer notes.
const NOTE = [
  { enabledMarks: ['bold', 'italic', 'underline'], message: 'Only bold, italic and underline are allowed.' },
  { enabledNodeTypes: ['hyperlink'], message: 'A note holds short paragraphs and web links.' },
];
const LABEL = size(80);
const slug = (helpText: string) => symbol('Slug', helpText, { localized: false, required: true, validations: SLUG, widget: 'slugEditor' });
const image = (name: string, helpText: string) => asset(name, helpText, { validations: IMAGE });

export const CONTENT_MODEL = {
  siteSettings: contentType('Site settings', 'name', 'One entry: the site name, navigation and footer.', {
    name: symbol('Name', 'The site name in the header, the browser tab and feeds.', { required: true, essential: false }),
    description: text('Description', 'Used for the home page meta description.', { validations: size(300) }),
    navigation: object('Navigation', 'Header links as JSON: [{ "label": "Models", "path": "/models" }]. Paths are relative to the site.', {
      localized: true,
    }),
    footer: richText('Footer', 'Short paragraphs and links shown on every page.', { validations: FOOTER }),
    socialImage: image('Social image', 'Shown when a page is shared.'),
  }),
  page: contentType('Page', 'title', 'A standalone page such as About or Imprint.', {
    title: symbol('Title', 'The page heading.', { required: true }),
    slug: slug('The address: /about for "about". Lowercase words separated by hyphens; unique among pages.'),
    body: richText('Body', 'Links may be relative (/models, /de/about#team).', { validations: RICH_TEXT, essential: true }),
    seoTitle: symbol('SEO title', 'For search results; the title is used when empty.', { validations: size(60) }),
    seoDescription: text('SEO description', 'For search results.', { validations: size(160) }),
    ogImage: image('Open Graph image', 'Shown when the page is shared.'),
  }),
  article: contentType('Article', 'title', 'A story about design, materials, craft or how the models are made.', {
    title: symbol('Title', 'The headline.', { required: true }),
    slug: slug('The address: /articles/<slug>. Lowercase words separated by hyphens; unique among articles.'),
    excerpt: text('Excerpt', 'Teaser for lists, search and feeds.', { validations: size(280) }),
    body: richText('Body', 'Embed models and articles inline.', { required: true, validations: RICH_TEXT }),
    heroImage: image('Hero image', 'Wide image above the story.'),
    author: entry('person', 'Author', 'A person entry.'),
    publishDate: date('Publish date', 'Orders articles and dates them in feeds.', { required: true }),
  }),
  model: contentType('3D model', 'name', 'A product shown in the 3D viewer: a glTF file, a poster and its real dimensions.', {
    name: symbol('Name', 'The product name.', { required: true }),
    slug: slug('The address: /models/<slug>. Lowercase words separated by hyphens; unique among models.'),
    summary: text('Summary', 'One or two sentences for lists and search.', { validations: size(200) }),
    designer: symbol('Designer', 'The person or studio who designed it. Shown on the model page and in search.', {
      ...{ localized: false, validations: size(80) },
      fact: { 'en-US': 'Designer', 'de-DE': 'Entwurf' },
    }),
    description: richText('Description', 'The full story of the product.', { validations: RICH_TEXT }),
    file: asset('glTF file', 'A .glb (one file), or a .gltf whose .bin and textures go into Files. At most 20 MB.', {
      required: true,
      validations: FILE_SIZE,
    }),
    files: assets('Files', 'Sibling files of a multi-file .gltf (.bin, textures), matched by file name'),
    poster: image('Poster', 'Shown before the 3D view loads.'),
    dimensions: object('Dimensions', 'Real size as JSON: { "width": 450, "height": 780, "depth": 520, "unit": "mm" }.'),
    camera: object('Camera', 'Optional start view as JSON: { "azimuthDeg": 30, "polarDeg": 65 }.'),
    // ADR 043: a space without these still works.
    variants: entries(
      'modelVariant',
      'Variants',
      'The swatch group, at most 24: the file’s material variants (each named by an entry, or by its name in the file) and colour variants.',
      { validations: size(24) },
    ),
    hotspots: entries('hotspot', 'Hotspots', 'Annotations pinned to the model, at most 24, in the order visitors reach them with Tab.', {
      validations: size(24),
    }),
    usdz: asset('USDZ file', 'Optional .usdz for AR Quick Look on iPhone and iPad; without it the browser makes one from the glTF file. At most 20 MB.', {
      validations: FILE_SIZE,
    }),
    autoRotate: boolean('Auto-rotate', 'Turn the model slowly until a visitor touches it.'),
    // The home page queries by it.
    featured: boolean('Featured', 'Show it on the home page.', { essential: true }),
  }),
  person: linkedType('Person', 'name', 'An author.', {
    name: symbol('Name', 'Shown as the byline.', { required: true }),
    avatar: image('Avatar', 'A square portrait.'),
    bio: text('Bio', 'A sentence or two.'),
  }),
  modelVariant: linkedType('Model variant', 'label', 'One choice in a 3D model’s swatch group: a material variant of its file, or a colour variant.', {
    label: symbol('Label', 'The swatch’s name that visitors see and screen readers announce, e.g. “Walnut”.', { required: true, validations: LABEL }),
    key: symbol('Key', 'Its name in links (?variant=walnut): lowercase letters, digits and hyphens. Unique among the model’s variants.', {
      ...{ localized: false, required: true },
      validations: pattern('^[a-z0-9][a-z0-9-]{0,63}$', 'Lowercase letters, digits and hyphens, at most 64.'),
    }),
    gltfName: symbol(
      'Name in the file',
      'The variant’s name in the glTF file (KHR_materials_variants), exactly. Empty for a colour variant. Preview mode lists the file’s names.',
      { localized: false },
    ),
    swatch: symbol('Swatch colour', 'The colour of the swatch button as #rrggbb, e.g. #8b5a2b.', {
      ...{ localized: false },
      validations: pattern('^#[0-9a-fA-F]{6}$', 'A colour as #rrggbb, e.g. #8b5a2b.'),
    }),
    colors: object('Colours', 'A colour variant for a file without variants, material name → colour as JSON: { "Seat": "#1f4e79", "Legs": "#222222" }.'),
    poster: image('Poster', 'A picture of this variant: the page’s poster and share image while it is selected.'),
  }),
  hotspot: linkedType('Hotspot', 'label', 'An annotation pinned to a point of a 3D model.', {
    label: symbol('Label', 'A few words on the hotspot’s button, e.g. “Solid oak seat”.', { required: true, validations: LABEL }),
    note: richText('Note', 'Shown when the hotspot opens: a few sentences (about 1,000 characters at most), bold, italic, underline and web links.', {
      validations: NOTE,
    }),
    position: object(
      'Position',
      'The point in the model’s own coordinates (metres) as JSON: { "x": 0.1, "y": 0.42, "z": 0.25 }. In preview mode, click the model to get it.',
      { required: true },
    ),
    normal: object('Normal', 'The direction the surface faces there, as JSON: { "x": 0, "y": 1, "z": 0 }. Preview mode shows it with the position.', {
      required: true,
    }),
    camera: object('Camera', 'Optional view when it opens, as JSON: { "azimuthDeg": 30, "polarDeg": 65, "distance": 1.2 } (distance in metres, optional).'),
  }),
} as const satisfies Record<string, ContentType>;

export type ContentTypeId = keyof typeof CONTENT_MODEL;
export type FieldId = { [T in ContentTypeId]: keyof (typeof CONTENT_MODEL)[T]['fields'] }[ContentTypeId];

export const CONTENT_TYPES = Object.entries(CONTENT_MODEL).map(([id, type]: [string, ContentType]) => ({
  id,
  ...type,
  fields: Object.entries(type.fields).map(([fieldId, field]) => ({ id: fieldId, ...field })),
}));
