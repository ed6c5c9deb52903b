/**
 * Issue 14: a multi-file .gltf in a real space is one asset per file, so a model lists the sibling files
 * (.bin, textures) its .gltf refers to; the server resolves them by file name. Optional: .glb models leave it empty.
 */
module.exports = function (migration) {
  const model = migration.editContentType('model');
  const items = { type: 'Link', linkType: 'Asset', validations: [] };
  model.createField('files', { name: 'Files', type: 'Array', items, localized: false, required: false, validations: [] });
  model.moveField('files').afterField('file');
  model.changeFieldControl('files', 'builtin', 'assetLinksEditor', { helpText: 'Sibling files of a multi-file .gltf (.bin, textures), matched by file name' });
};
