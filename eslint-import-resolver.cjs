// Resolves the package.json `imports` aliases (#server/*, #client/*, #shared/*) for eslint-plugin-boundaries,
// whose bundled node resolver does not read them; everything else goes to that node resolver.
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const ALIAS = /^#(server|client|shared)\//;

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) =>
  ALIAS.test(source) ? { found: true, path: path.join(__dirname, source.slice(1)) } : nodeResolver.resolve(source, file, config);
