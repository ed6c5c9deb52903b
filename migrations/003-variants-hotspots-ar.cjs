/**
 * Issue 15: a model's swatch group (`modelVariant` entries), its annotations (`hotspot` entries) and an optional USDZ for
 * AR Quick Look. All optional: a model without them shows as before. Never edit this file after it has run anywhere.
 */
const IMAGE = [{ linkMimetypeGroup: ['image'] }];
const KEY = [{ regexp: { pattern: '^[a-z0-9][a-z0-9-]{0,63}$', flags: null }, message: 'Lowercase letters, digits and hyphens, at most 64.' }];
const HEX = [{ regexp: { pattern: '^#[0-9a-fA-F]{6}$', flags: null }, message: 'A colour as #rrggbb, e.g. #8b5a2b.' }];
const LABEL = [{ size: { max: 80 } }];
// Contentful has no length validation for rich text: the help text asks for about 1,000 characters and preview mode flags longer notes.
const NOTE = [
  { enabledMarks: ['bold', 'italic', 'underline'], message: 'Only bold, italic and underline are allowed.' },
  { enabledNodeTypes: ['hyperlink'], message: 'A note holds short paragraphs and web links.' },
];
const LIST = [{ size: { max: 24 } }];
const links = (contentType) => ({ type: 'Link', linkType: 'Entry', validations: [{ linkContentType: [contentType] }] });

/** One new content type: fields in order, each with its editor widget and help text. */
function createType(migration, id, init, fields) {
  const contentType = migration.createContentType(id, init);
  for (const { id: fieldId, widget, helpText, ...field } of fields) {
    contentType.createField(fieldId, { localized: false, required: false, validations: [], ...field });
    contentType.changeFieldControl(fieldId, 'builtin', widget, { helpText });
  }
}

module.exports = function (migration) {
  createType(
    migration,
    'modelVariant',
    {
      name: 'Model variant',
      description: 'One choice in a 3D model’s swatch group: a material variant of its file, or a colour variant.',
      displayField: 'label',
    },
    [
      {
        ...{ id: 'label', name: 'Label', type: 'Symbol', localized: true, required: true, validations: LABEL, widget: 'singleLine' },
        helpText: 'The swatch’s name that visitors see and screen readers announce, e.g. “Walnut”.',
      },
      {
        ...{ id: 'key', name: 'Key', type: 'Symbol', required: true, validations: KEY, widget: 'singleLine' },
        helpText: 'Its name in links (?variant=walnut): lowercase letters, digits and hyphens. Unique among the model’s variants.',
      },
      {
        ...{ id: 'gltfName', name: 'Name in the file', type: 'Symbol', widget: 'singleLine' },
        helpText: 'The variant’s name in the glTF file (KHR_materials_variants), exactly. Empty for a colour variant. Preview mode lists the file’s names.',
      },
      {
        ...{ id: 'swatch', name: 'Swatch colour', type: 'Symbol', validations: HEX, widget: 'singleLine' },
        helpText: 'The colour of the swatch button as #rrggbb, e.g. #8b5a2b.',
      },
      {
        ...{ id: 'colors', name: 'Colours', type: 'Object', widget: 'objectEditor' },
        helpText: 'A colour variant for a file without variants, material name → colour as JSON: { "Seat": "#1f4e79", "Legs": "#222222" }.',
      },
      {
        ...{ id: 'poster', name: 'Poster', type: 'Link', linkType: 'Asset', validations: IMAGE, widget: 'assetLinkEditor' },
        helpText: 'A picture of this variant: the page’s poster and share image while it is selected.',
      },
    ],
  );

  createType(migration, 'hotspot', { name: 'Hotspot', description: 'An annotation pinned to a point of a 3D model.', displayField: 'label' }, [
    {
      ...{ id: 'label', name: 'Label', type: 'Symbol', localized: true, required: true, validations: LABEL, widget: 'singleLine' },
      helpText: 'A few words on the hotspot’s button, e.g. “Solid oak seat”.',
    },
    {
      ...{ id: 'note', name: 'Note', type: 'RichText', localized: true, validations: NOTE, widget: 'richTextEditor' },
      helpText: 'Shown when the hotspot opens: a few sentences (about 1,000 characters at most), bold, italic, underline and web links.',
    },
    {
      ...{ id: 'position', name: 'Position', type: 'Object', required: true, widget: 'objectEditor' },
      helpText: 'The point in the model’s own coordinates (metres) as JSON: { "x": 0.1, "y": 0.42, "z": 0.25 }. In preview mode, click the model to get it.',
    },
    {
      ...{ id: 'normal', name: 'Normal', type: 'Object', required: true, widget: 'objectEditor' },
      helpText: 'The direction the surface faces there, as JSON: { "x": 0, "y": 1, "z": 0 }. Preview mode shows it with the position.',
    },
    {
      ...{ id: 'camera', name: 'Camera', type: 'Object', widget: 'objectEditor' },
      helpText: 'Optional view when it opens, as JSON: { "azimuthDeg": 30, "polarDeg": 65, "distance": 1.2 } (distance in metres, optional).',
    },
  ]);

  const model = migration.editContentType('model');
  model.createField('variants', { name: 'Variants', type: 'Array', items: links('modelVariant'), localized: false, required: false, validations: LIST });
  model.createField('hotspots', { name: 'Hotspots', type: 'Array', items: links('hotspot'), localized: false, required: false, validations: LIST });
  model.createField('usdz', {
    ...{ name: 'USDZ file', type: 'Link', linkType: 'Asset', localized: false, required: false },
    validations: [{ assetFileSize: { max: 20971520 } }],
  });
  model.moveField('variants').afterField('camera');
  model.moveField('hotspots').afterField('variants');
  model.moveField('usdz').afterField('hotspots');
  const help = {
    variants: 'The swatch group, at most 24: the file’s material variants (each named by an entry, or by its name in the file) and colour variants.',
    hotspots: 'Annotations pinned to the model, at most 24, in the order visitors reach them with Tab.',
    usdz: 'Optional .usdz for AR Quick Look on iPhone and iPad; without it the browser makes one from the glTF file. At most 20 MB.',
  };
  model.changeFieldControl('variants', 'builtin', 'entryLinksEditor', { helpText: help.variants });
  model.changeFieldControl('hotspots', 'builtin', 'entryLinksEditor', { helpText: help.hotspots });
  model.changeFieldControl('usdz', 'builtin', 'assetLinkEditor', { helpText: help.usdz });
};
