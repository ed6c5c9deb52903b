/**
 * Vitrine's content model (docs/content-model.md): site settings, pages, articles, 3D models and people, with the
 * validations, widgets and help texts editors see. Applied once per environment by `npm run setup` (ADR 036).
 * Never edit this file after it has run anywhere: change the model in a new numbered file.
 */
const SLUG = [{ unique: true }, { regexp: { pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', flags: null }, message: 'Lowercase words separated by hyphens.' }];
const IMAGE = [{ linkMimetypeGroup: ['image'] }];
const FOOTER = [
  { enabledMarks: ['bold', 'italic', 'underline'], message: 'Only bold, italic and underline are allowed.' },
  { enabledNodeTypes: ['hyperlink', 'entry-hyperlink'], message: 'Footers hold short paragraphs and links.' },
  { nodes: { 'entry-hyperlink': [{ linkContentType: ['page'], message: null }] } },
];

/** Rich text: embeds and links reach Vitrine's own entries; resource links point into this same space. */
function richText(spaceId) {
  const resources = {
    validations: [],
    allowedResources: [{ type: 'Contentful:Entry', source: `crn:contentful:::content:spaces/${spaceId}`, contentTypes: ['article', 'model', 'page'] }],
  };
  return [
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
        'embedded-resource-block': resources,
        'embedded-resource-inline': resources,
        'resource-hyperlink': resources,
      },
    },
  ];
}

const size = (max) => [{ size: { max } }];
const TEXT_TYPES = ['Symbol', 'Text', 'RichText'];

/** One content type: fields in order, each with its editor widget and help text. Text is localized unless said otherwise. */
function createType(migration, id, init, fields) {
  const contentType = migration.createContentType(id, init);
  for (const { id: fieldId, widget, helpText, ...field } of fields) {
    contentType.createField(fieldId, { localized: TEXT_TYPES.includes(field.type), required: false, validations: [], ...field });
    contentType.changeFieldControl(fieldId, 'builtin', widget, { helpText });
  }
}

module.exports = function (migration, context) {
  const RICH_TEXT = richText(context.spaceId);
  const slug = { id: 'slug', name: 'Slug', type: 'Symbol', localized: false, required: true, validations: SLUG, widget: 'slugEditor' };

  createType(migration, 'siteSettings', { name: 'Site settings', description: 'One entry: the site name, navigation and footer.', displayField: 'name' }, [
    { id: 'name', name: 'Name', type: 'Symbol', required: true, widget: 'singleLine', helpText: 'The site name in the header, the browser tab and feeds.' },
    {
      id: 'description',
      name: 'Description',
      type: 'Text',
      validations: size(300),
      widget: 'multipleLine',
      helpText: 'Used for the home page meta description.',
    },
    {
      ...{ id: 'navigation', name: 'Navigation', type: 'Object', localized: true, widget: 'objectEditor' },
      helpText: 'Header links as JSON: [{ "label": "Models", "path": "/models" }]. Paths are relative to the site.',
    },
    {
      id: 'footer',
      name: 'Footer',
      type: 'RichText',
      validations: FOOTER,
      widget: 'richTextEditor',
      helpText: 'Short paragraphs and links shown on every page.',
    },
    {
      id: 'socialImage',
      name: 'Social image',
      type: 'Link',
      linkType: 'Asset',
      validations: IMAGE,
      widget: 'assetLinkEditor',
      helpText: 'Shown when a page is shared.',
    },
  ]);

  createType(migration, 'page', { name: 'Page', description: 'A standalone page such as About or Imprint.', displayField: 'title' }, [
    { id: 'title', name: 'Title', type: 'Symbol', required: true, widget: 'singleLine', helpText: 'The page heading.' },
    { ...slug, helpText: 'The address: /about for "about". Lowercase words separated by hyphens; unique among pages.' },
    {
      id: 'body',
      name: 'Body',
      type: 'RichText',
      validations: RICH_TEXT,
      widget: 'richTextEditor',
      helpText: 'Links may be relative (/models, /de/about#team).',
    },
    {
      id: 'seoTitle',
      name: 'SEO title',
      type: 'Symbol',
      validations: size(60),
      widget: 'singleLine',
      helpText: 'For search results; the title is used when empty.',
    },
    { id: 'seoDescription', name: 'SEO description', type: 'Text', validations: size(160), widget: 'multipleLine', helpText: 'For search results.' },
    {
      id: 'ogImage',
      name: 'Open Graph image',
      type: 'Link',
      linkType: 'Asset',
      validations: IMAGE,
      widget: 'assetLinkEditor',
      helpText: 'Shown when the page is shared.',
    },
  ]);

  createType(
    migration,
    'article',
    { name: 'Article', description: 'A story about design, materials, craft or how the models are made.', displayField: 'title' },
    [
      { id: 'title', name: 'Title', type: 'Symbol', required: true, widget: 'singleLine', helpText: 'The headline.' },
      { ...slug, helpText: 'The address: /articles/<slug>. Lowercase words separated by hyphens; unique among articles.' },
      { id: 'excerpt', name: 'Excerpt', type: 'Text', validations: size(280), widget: 'multipleLine', helpText: 'Teaser for lists, search and feeds.' },
      {
        id: 'body',
        name: 'Body',
        type: 'RichText',
        required: true,
        validations: RICH_TEXT,
        widget: 'richTextEditor',
        helpText: 'Embed models and articles inline.',
      },
      {
        id: 'heroImage',
        name: 'Hero image',
        type: 'Link',
        linkType: 'Asset',
        validations: IMAGE,
        widget: 'assetLinkEditor',
        helpText: 'Wide image above the story.',
      },
      {
        ...{ id: 'author', name: 'Author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }], widget: 'entryLinkEditor' },
        helpText: 'A person entry.',
      },
      { id: 'publishDate', name: 'Publish date', type: 'Date', required: true, widget: 'datePicker', helpText: 'Orders articles and dates them in feeds.' },
    ],
  );

  createType(
    migration,
    'model',
    { name: '3D model', description: 'A product shown in the 3D viewer: a glTF file, a poster and its real dimensions.', displayField: 'name' },
    [
      { id: 'name', name: 'Name', type: 'Symbol', required: true, widget: 'singleLine', helpText: 'The product name.' },
      { ...slug, helpText: 'The address: /models/<slug>. Lowercase words separated by hyphens; unique among models.' },
      { id: 'summary', name: 'Summary', type: 'Text', validations: size(200), widget: 'multipleLine', helpText: 'One or two sentences for lists and search.' },
      {
        id: 'description',
        name: 'Description',
        type: 'RichText',
        validations: RICH_TEXT,
        widget: 'richTextEditor',
        helpText: 'The full story of the product.',
      },
      {
        ...{ id: 'file', name: 'glTF file', type: 'Link', linkType: 'Asset', required: true, validations: [{ assetFileSize: { max: 20971520 } }] },
        widget: 'assetLinkEditor',
        helpText: 'A .glb (one file), or a .gltf whose .bin and textures go into Files. At most 20 MB.',
      },
      {
        id: 'poster',
        name: 'Poster',
        type: 'Link',
        linkType: 'Asset',
        validations: IMAGE,
        widget: 'assetLinkEditor',
        helpText: 'Shown before the 3D view loads.',
      },
      {
        ...{ id: 'dimensions', name: 'Dimensions', type: 'Object', widget: 'objectEditor' },
        helpText: 'Real size as JSON: { "width": 450, "height": 780, "depth": 520, "unit": "mm" }.',
      },
      { id: 'camera', name: 'Camera', type: 'Object', widget: 'objectEditor', helpText: 'Optional start view as JSON: { "azimuthDeg": 30, "polarDeg": 65 }.' },
      { id: 'autoRotate', name: 'Auto-rotate', type: 'Boolean', widget: 'boolean', helpText: 'Turn the model slowly until a visitor touches it.' },
      { id: 'featured', name: 'Featured', type: 'Boolean', widget: 'boolean', helpText: 'Show it on the home page.' },
    ],
  );

  createType(migration, 'person', { name: 'Person', description: 'An author.', displayField: 'name' }, [
    { id: 'name', name: 'Name', type: 'Symbol', required: true, widget: 'singleLine', helpText: 'Shown as the byline.' },
    { id: 'avatar', name: 'Avatar', type: 'Link', linkType: 'Asset', validations: IMAGE, widget: 'assetLinkEditor', helpText: 'A square portrait.' },
    { id: 'bio', name: 'Bio', type: 'Text', widget: 'multipleLine', helpText: 'A sentence or two.' },
  ]);
};
