import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';

import { ConfigError, loadConfigFromEnv } from '#server/config.ts';
import { availableMemoryBytes, heapFlags, heapLimitAlreadySet, mallocDefaults, restartWithFlags } from '#server/lifecycle/heap-limit.ts';
import { listenProblem, probePort } from '#server/lifecycle/listen-errors.ts';

import type { AppDeps } from '#server/app.ts';
import type { Config } from '#server/config.ts';

// One serving process, or with WEB_CONCURRENCY > 1 a primary that forks that many (ADR 050); the primary never imports the app.
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

// ADR 055; an operator's own limit in NODE_OPTIONS wins.
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
  // `off` keeps V8's behaviour (ADR 055).
  if (config.env === 'production' && config.heapLimitMb !== 'off') (await import('#server/lifecycle/idle-gc.ts')).startIdleCollection();
  await serve(config);
}

/** The whole server, or one cluster worker. */
async function serve(config: Config): Promise<void> {
  const [{ createApp }, { createServices }, { exitWorker, obeyPrimary }, shutdown, { createLogger }, ssrAssets] = await Promise.all([
    import('#server/app.ts'),
    import('#server/composition.ts'),
    import('#server/lifecycle/cluster.ts'),
    import('#server/lifecycle/graceful-shutdown.ts'),
    import('#server/logger.ts'),
    import('#server/ssr/assets.ts'),
  ]);
  const { createGracefulShutdown, createHttpServer } = shutdown;
  const { createBuiltEntryLoader, createDevAssets, createDevEntryLoader, createManifestAssets } = ssrAssets;
  const root = process.cwd();
  // A worker's lines name it: pino's base (service, version) leaves out the pid.
  const logger = cluster.isWorker ? createLogger(config).child({ worker: cluster.worker?.id }) : createLogger(config);
  // Ctrl-C signals the whole process group: a worker waits for the primary's request to drain instead (ADR 050).
  if (cluster.isWorker) process.on('SIGINT', () => undefined);
  const httpServer = createHttpServer();
  // Before listen, so every connection is tracked; `services` is read only when a signal arrives (registered last).
  const lifecycle = createGracefulShutdown(httpServer, {
    logger,
    timeoutMs: config.shutdownTimeoutMs,
    close: () => services.close(),
    ...(cluster.isWorker ? { exit: exitWorker } : {}),
  });
  process.on('unhandledRejection', lifecycle.handleUnhandledRejection);
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });

  const services = await createServices(config, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, 'could not start services');
    process.exit(1);
  });

  async function ssrDeps(): Promise<Pick<AppDeps, 'ssr' | 'clientDir' | 'viteMiddlewares'>> {
    if (config.isDev) {
      const { createServer: createViteServer } = await import('vite');
      const vite = await createViteServer({ root, server: { middlewareMode: true, hmr: { server: httpServer } }, appType: 'custom' });
      return { ssr: { entry: createDevEntryLoader(vite), assets: createDevAssets(), buildId: 'dev' }, viteMiddlewares: vite.middlewares };
    }
    const clientDir = resolve(root, 'dist/client');
    const entryFile = resolve(root, 'dist/server/entry.server.js');
    if (!existsSync(entryFile)) {
      logger.fatal({ entryFile }, 'no production build found; run npm run build');
      process.exit(1);
    }
    const manifest = readFileSync(join(clientDir, '.vite', 'manifest.json'));
    const buildId = createHash('sha1').update(manifest).digest('hex').slice(0, 12);
    return { ssr: { entry: createBuiltEntryLoader(entryFile), assets: createManifestAssets(clientDir), buildId }, clientDir };
  }

  const app = createApp(config, { logger, ...services.appDeps, ...(await ssrDeps()), isShuttingDown: lifecycle.isDraining });
  httpServer.on('request', app);
  httpServer.once('error', (error: NodeJS.ErrnoException) => {
    const problem = listenProblem(error, config.port, config.host);
    if (problem === undefined) throw error;
    exitWith(problem);
  });
  httpServer.listen(config.port, config.host, () => {
    const address = httpServer.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // So an operator sees what HEAP_LIMIT_MB or the container gave it (ADR 055).
    const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
    logger.info({ port, host: config.host, env: config.env, modes: services.modes, heapLimitMb }, 'server listening');
  });

  process.on('SIGTERM', () => lifecycle.shutdown('SIGTERM'));
  // In listen()'s turn, before the primary hears this worker listen: it asks only listening workers to drain (ADR 050).
  if (cluster.isWorker) obeyPrimary(lifecycle);
  else process.on('SIGINT', () => lifecycle.shutdown('SIGINT'));
}
