// `npm run index` (docs/search.md).
import { readFileSync } from 'node:fs';

import { algoliasearch } from 'algoliasearch';

import { loadConfigFromEnv } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createContentStack } from '#server/composition.ts';
import { indexAllRecords } from '#server/services/search/algolia.ts';
import { collectRecords } from '#server/services/search/records.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// A ConfigError names every issue; the content stack keeps timers alive, hence the exits.
const config = loadConfigFromEnv(pkg.version);
const algolia = config.algolia.remote;
if (!algolia?.adminKey) {
  process.stderr.write('index: set ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY and ALGOLIA_ADMIN_KEY (the embedded engine indexes itself at start)\n');
  process.exit(1);
}
const logger = createLogger(config);
const { content, locales } = await createContentStack(config, logger);
const records = await collectRecords(content, locales());
const client = algoliasearch(algolia.appId, algolia.adminKey);
const reports = await indexAllRecords({ client, records, indexPrefix: config.algolia.indexPrefix, locales: locales(), logger });
for (const report of reports) process.stdout.write(`${report.indexName}: ${report.objects} records\n`);
process.exit(0);
