import { AsyncLocalStorage } from 'node:async_hooks';

import { getAdapter } from 'axios';
import { createClient } from 'contentful';
import { pino } from 'pino';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { loadExportFile } from '#server/embedded/contentful/space-export.ts';
import { createCdaAdapter } from '#server/embedded/contentful/transport.ts';
import { createReplica } from './replica.ts';

import type { ContentfulClientApi, CreateClientParams } from 'contentful';
import type { Logger } from 'pino';
import type { ContentfulCredentials } from '#server/config.ts';
import type { CdaEngine, CdaResponse } from '#server/embedded/contentful/engine.ts';
import type { CdaAxiosAdapter } from '#server/embedded/contentful/transport.ts';
import type { ReplicaChanges } from './replica.ts';

interface ContentfulClientsConfig {
  /** Absent: the embedded engine over `exportFile`. */
  contentful?: ContentfulCredentials | undefined;
  exportFile?: string | undefined;
  assetBaseUrl?: string | undefined;
  /** Longest single request to Contentful, wall clock. */
  timeoutMs?: number | undefined;
  replica?: { file: string; pollMs: number; catchUpMs?: number; pageLimit?: number } | undefined;
}

interface ContentfulClientsDeps {
  engine?: CdaEngine;
  /** The SDK's log lines go to the console otherwise. */
  logHandler?: CreateClientParams['logHandler'];
  logger?: Logger;
  onReplicaChange?: (changes: ReplicaChanges) => Promise<void> | void;
}

export type ContentfulClient = ContentfulClientApi<undefined>;
export type ContentfulClients = Awaited<ReturnType<typeof createContentfulClients>>;

const NOT_LOADED: CdaResponse = {
  status: 503,
  headers: { 'content-type': 'application/vnd.contentful.delivery.v1+json' },
  body: { sys: { type: 'Error', id: 'ServiceUnavailable' }, message: 'The content replica is not loaded yet: the first sync from Contentful is under way' },
};

/** Delivery reads the in-process engine, so no visitor waits on Contentful (ADR 061); preview calls the Preview API within the deadline (ADR 015). */
export async function createContentfulClients(config: ContentfulClientsConfig, deps: ContentfulClientsDeps = {}) {
  const timeoutMs = config.timeoutMs ?? 5000;
  const common = { timeout: timeoutMs, retryOnError: false, ...(deps.logHandler ? { logHandler: deps.logHandler } : {}) };
  const credentials = config.contentful;
  if (credentials) {
    const environment = credentials.environment ?? 'master';
    // The SDK would wait out any X-Contentful-RateLimit-Reset, however long: the replica and preview decide instead.
    const remote = (accessToken: string, host: string) =>
      createClient({
        ...common,
        adapter: createTimedAdapter(timeoutMs),
        space: credentials.spaceId,
        environment,
        accessToken,
        ...toHostOptions(host),
      });
    const replica = createReplica({
      client: remote(credentials.accessToken, credentials.host ?? 'cdn.contentful.com'),
      spaceId: credentials.spaceId,
      environmentId: environment,
      ...(config.replica ?? { file: '', pollMs: 0 }),
      logger: deps.logger ?? pino({ level: 'silent' }),
      onChange: (changes) => deps.onReplicaChange?.(changes),
    });
    const local = { handle: (request: Parameters<CdaEngine['handle']>[0]) => replica.engine?.handle(request) ?? NOT_LOADED };
    const base = { ...common, space: credentials.spaceId, environment, host: 'replica.invalid' };
    const delivery = createClient({ ...base, accessToken: 'replica', adapter: createCdaAdapter(local, { preview: false }) });
    const preview = credentials.previewToken ? remote(credentials.previewToken, toPreviewHost(credentials.host)) : delivery;
    return {
      delivery,
      preview,
      mode: 'remote' as const,
      previewAvailable: preview !== delivery,
      timeoutMs,
      replica,
      get engine() {
        return replica.engine;
      },
    };
  }
  const engine = deps.engine ?? (await loadEngine(config, deps.logger));
  // The adapter answers; a non-routable host makes a request that somehow bypassed it fail instead of reaching Contentful.
  const base = { ...common, space: engine.spaceId, environment: engine.environmentId, host: 'embedded.invalid' };
  return {
    delivery: createClient({ ...base, accessToken: 'embedded-delivery', adapter: createCdaAdapter(engine, { preview: false }) }),
    preview: createClient({ ...base, accessToken: 'embedded-preview', adapter: createCdaAdapter(engine, { preview: true }) }),
    mode: 'embedded' as const,
    previewAvailable: true,
    timeoutMs,
    replica: undefined,
    engine,
  };
}

async function loadEngine(config: ContentfulClientsConfig, logger: Logger | undefined): Promise<CdaEngine> {
  if (!config.exportFile) throw new Error('Contentful: set credentials or an export file for the embedded engine');
  const { space, warnings } = await loadExportFile(config.exportFile);
  // What an older export lacked and was resolved the way Contentful does (ADR 040).
  for (const warning of warnings) logger?.warn({ exportFile: config.exportFile }, `Contentful export: ${warning}`);
  return createCdaEngine(space, config.assetBaseUrl === undefined ? {} : { assetBaseUrl: config.assetBaseUrl });
}

function toPreviewHost(host: string | undefined): string {
  if (host === undefined) return 'preview.contentful.com';
  const cdn = /^cdn\.((?:[\w-]+\.)?contentful\.com)$/.exec(host);
  return cdn ? `preview.${cdn[1]}` : host;
}

function toHostOptions(host: string): Pick<CreateClientParams, 'host' | 'insecure' | 'basePath'> {
  if (!host.includes('://')) return { host };
  const url = new URL(host);
  return { host: url.host, insecure: url.protocol === 'http:', ...(url.pathname === '/' ? {} : { basePath: url.pathname }) };
}

// When the content work running now must be done (epoch ms): the SDK has no per-call option to carry it to the adapter.
const deadline = new AsyncLocalStorage<number>();

export function withUpstreamDeadline<T>(expiresAt: number, work: () => T): T {
  return deadline.run(expiresAt, work);
}

class UpstreamTimeoutError extends Error {
  override name = 'UpstreamTimeoutError';
}

/** Aborted at the caller's deadline or after `timeoutMs`, whichever is first: a dripping answer is cut off too. */
function createTimedAdapter(timeoutMs: number, http = getAdapter('http') as CdaAxiosAdapter): CdaAxiosAdapter {
  return (config) => {
    const budgetMs = Math.min(timeoutMs, (deadline.getStore() ?? Infinity) - Date.now());
    if (budgetMs <= 0) return Promise.reject(new UpstreamTimeoutError('no time left for Contentful before the deadline'));
    const signal = AbortSignal.timeout(budgetMs);
    return http({ ...config, signal }).catch((error: unknown) => {
      throw signal.aborted ? Object.assign(new UpstreamTimeoutError(`no answer from Contentful within ${budgetMs} ms`), { cause: error }) : error;
    });
  };
}
