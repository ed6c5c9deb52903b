// `npm run index` (docs/search.md).
import { readFileSync } from 'node:fs';

import { algoliasearch } from 'algoliasearch';

import { ConfigError, loadConfigFromEnv } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { createContentStack } from '#server/composition.ts';
import { indexAllRecords } from '#server/services/search/algolia.ts';
import { collectRecords } from '#server/services/search/records.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfigFromEnv(pkg.version);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const issue of error.issues) process.stderr.write(`config error: ${issue}\n`);
    return 1;
  }
  const algolia = config.algolia.remote;
  if (!algolia?.adminKey) {
    process.stderr.write('index: set ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY and ALGOLIA_ADMIN_KEY (the embedded engine indexes itself at start)\n');
    return 1;
  }
  const logger = createLogger(config);
  const { content, locales } = await createContentStack(config, logger);
  const records = await collectRecords(content, locales());
  const client = algoliasearch(algolia.appId, algolia.adminKey);
  const reports = await indexAllRecords({ client, records, indexPrefix: config.algolia.indexPrefix, locales: locales(), logger });
  for (const report of reports) process.stdout.write(`${report.indexName}: ${report.objects} records\n`);
  return 0;
}

process.exit(await main());
