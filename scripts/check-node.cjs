'use strict';
// Runs before every npm script that starts Node on TypeScript (package.json), under whatever Node the machine has:
// plain CommonJS with nothing newer than Node 8 needs, so an old Node prints one line instead of
// ERR_UNKNOWN_FILE_EXTENSION ".ts". `npm install` is stopped by engine-strict in .npmrc instead (ADR 040).

var GET_NODE = 'npm install --prefix ~/.node24 node@24 && export PATH=~/.node24/node_modules/.bin:$PATH';

/** The one line to print when `version` (like `20.20.2` or `v20.20.2`) does not satisfy `engines` (`>=22.22`); null when it does. */
function nodeVersionProblem(version, engines) {
  var wanted = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(String(engines).trim());
  if (!wanted) throw new Error('check-node: package.json engines.node must be ">=major[.minor[.patch]]", not "' + engines + '"');
  var have = parse(version);
  var want = parse(wanted[1]);
  for (var i = 0; i < 3; i += 1) {
    if (have[i] !== want[i]) return have[i] > want[i] ? null : message(version, engines);
  }
  return null;
}

function parse(version) {
  var parts = String(version).replace(/^v/, '').split('.').map(Number);
  return [parts[0] || 0, parts[1] || 0, parts[2] || 0];
}

function message(version, engines) {
  return 'Vitrine needs Node ' + engines + ' (this is ' + String(version).replace(/^v/, '') + '); get Node 24 without touching the system: ' + GET_NODE;
}

module.exports = { nodeVersionProblem: nodeVersionProblem };

if (require.main === module) {
  var problem = nodeVersionProblem(process.versions.node, require('../package.json').engines.node);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
}
