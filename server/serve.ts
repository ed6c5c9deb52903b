import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';

import { createApp } from '#server/app.ts';
import { createServices } from '#server/composition.ts';
import { exitWorker, obeyPrimary } from '#server/lifecycle/cluster.ts';
import { createGracefulShutdown, createHttpServer } from '#server/lifecycle/graceful-shutdown.ts';
import { listenProblem } from '#server/lifecycle/listen-errors.ts';
import { createLogger } from '#server/logger.ts';
import { createBuiltEntryLoader, createDevAssets, createDevEntryLoader, createManifestAssets } from '#server/ssr/assets.ts';

import type { AppDeps } from '#server/app.ts';
import type { Config } from '#server/config.ts';

/**
 * One serving process (the whole server, or one cluster worker): logger → services → app → listen, then graceful shutdown.
 * server/index.ts has validated `config` and probed the port.
 */
export async function serve(config: Config, exitWith: (line: string) => never): Promise<void> {
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

  // Development renders through Vite (HMR on our server); production through the built SSR bundle and client folder.
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
    // The V8 heap limit this process runs with (ADR 055), so an operator sees what HEAP_LIMIT_MB or the container gave it.
    const heapLimitMb = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
    logger.info({ port, host: config.host, env: config.env, modes: services.modes, heapLimitMb }, 'server listening');
  });

  process.on('SIGTERM', () => lifecycle.shutdown('SIGTERM'));
  // In listen()'s turn, before the primary hears this worker listen: it asks only listening workers to drain (ADR 050).
  if (cluster.isWorker) obeyPrimary(lifecycle);
  else process.on('SIGINT', () => lifecycle.shutdown('SIGINT'));
}
