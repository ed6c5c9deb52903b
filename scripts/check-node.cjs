'use strict';
// Runs before every npm script that starts Node on TypeScript (package.json), under whatever Node the machine has:
// plain CommonJS with nothing newer than Node 8 needs, so an old Node prints one line instead of
// ERR_UNKNOWN_FILE_EXTENSION ".ts". `npm install` is stopped by engine-strict in .npmrc instead (ADR 040).

var GET_NODE = 'npm install --prefix ~/.node24 node@24 && export PATH=~/.node24/node_modules/.bin:$PATH';

/**
 * The one line to print when `version` (like `20.20.2` or `v20.20.2`) satisfies none of the alternatives of `engines`
 * (`^22.22.2 || ^24.15.0 || >=26`: each `^x.y.z` or `>=x.y.z`); null when one does.
 */
function nodeVersionProblem(version, engines) {
  var have = parse(version);
  var ok = String(engines)
    .split('||')
    .some(function (alternative) {
      var wanted = /^(\^|>=)\s*(\d+(?:\.\d+){0,2})$/.exec(alternative.trim());
      if (!wanted) throw new Error('check-node: package.json engines.node must be "^x.y.z" or ">=x.y.z" joined by ||, not "' + engines + '"');
      var want = parse(wanted[2]);
      return compare(have, want) >= 0 && (wanted[1] === '>=' || have[0] === want[0]);
    });
  return ok ? null : message(version, engines);
}

function compare(a, b) {
  for (var i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
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
