import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ConfigError, loadConfigFromEnv } from '#server/config.ts';
import { availableMemoryBytes, heapFlags, heapLimitAlreadySet, mallocDefaults, restartWithFlags } from '#server/lifecycle/heap-limit.ts';
import { probePort } from '#server/lifecycle/listen-errors.ts';

import type { Config } from '#server/config.ts';

// The process entry: config, then either one serving process (server/serve.ts) or, with WEB_CONCURRENCY > 1, a primary
// that forks that many (server/lifecycle/cluster.ts). The primary never imports the app: it stays small.
const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string };

let config: Config;
try {
  config = loadConfigFromEnv(pkg.version);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  for (const issue of error.issues) process.stderr.write(`config error: ${issue}\n`);
  process.exit(1);
}

function exitWith(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

// A V8 heap limit per serving process from the container's memory (ADR 055), unless the operator set one in NODE_OPTIONS.
const heapLimited = config.env !== 'production' || heapLimitAlreadySet(process.execArgv, config.nodeOptions);
const heap = heapLimited ? [] : heapFlags(config.heapLimitMb, availableMemoryBytes(), config.webConcurrency);
if (cluster.isPrimary && config.webConcurrency === 1 && heap.length > 0) restartWithFlags(heap);

// Workers share the primary's port: only the first process probes it.
if (cluster.isPrimary) {
  const portProblem = await probePort(config.port, config.host);
  if (portProblem !== undefined) exitWith(portProblem);
}

if (cluster.isPrimary && config.webConcurrency > 1) {
  const [{ startPrimary }, { createLogger }] = await Promise.all([import('#server/lifecycle/cluster.ts'), import('#server/logger.ts')]);
  const logger = createLogger(config).child({ role: 'primary' });
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...heap] });
  // Without COOKIE_SECRET each process would sign preview cookies with its own random key: the workers share the primary's.
  const fork = () => cluster.fork({ ...(heap.length > 0 ? mallocDefaults() : {}), COOKIE_SECRET: config.preview.cookieSecret });
  const primary = startPrimary({ workers: config.webConcurrency, logger, shutdownTimeoutMs: config.shutdownTimeoutMs, fork });
  if (config.contentful.webhookSecret && !config.redisUrl)
    logger.warn('without REDIS_URL a webhook reaches one worker; the others sync at their next poll (CONTENTFUL_SYNC_POLL_MS)');
  process.on('SIGTERM', () => primary.shutdown('SIGTERM'));
  process.on('SIGINT', () => primary.shutdown('SIGINT'));
  process.on('SIGHUP', () => void primary.rollingRestart());
} else {
  // Each serving process returns what a busy stretch left in its heap once it is quiet (ADR 055); `off` keeps V8's behaviour.
  if (config.env === 'production' && config.heapLimitMb !== 'off') (await import('#server/lifecycle/idle-gc.ts')).startIdleCollection();
  const { serve } = await import('#server/serve.ts');
  await serve(config, exitWith);
}
