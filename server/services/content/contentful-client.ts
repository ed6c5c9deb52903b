import { AsyncLocalStorage } from 'node:async_hooks';

import { getAdapter } from 'axios';
import { createClient } from 'contentful';

import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { loadExportFile } from '#server/embedded/contentful/space-export.ts';
import { createCdaAdapter } from '#server/embedded/contentful/transport.ts';
import { createUpstreamGuard } from './upstream-guard.ts';

import type { ContentfulClientApi, CreateClientParams } from 'contentful';
import type { Logger } from 'pino';
import type { CdaEngine } from '#server/embedded/contentful/engine.ts';
import type { CdaAxiosAdapter } from '#server/embedded/contentful/transport.ts';
import type { UpstreamGuard } from './upstream-guard.ts';

/** Credentials for Contentful's own APIs. Without `previewToken`, `preview` serves published content. */
interface ContentfulCredentials {
  spaceId: string;
  accessToken: string;
  previewToken?: string | undefined;
  environment?: string | undefined;
  /** `cdn.contentful.com` (default), `cdn.eu.contentful.com`, a proxy `host[:port]`, or a URL such as `http://127.0.0.1:4010/cda`. */
  host?: string | undefined;
  /** Default: `host` with `cdn.` turned into `preview.` (other hosts are reused). */
  previewHost?: string | undefined;
}

interface ContentfulClientsConfig {
  /** Set to use Contentful; absent selects the embedded engine over `exportFile` (asset URLs under `assetBaseUrl`). */
  contentful?: ContentfulCredentials | undefined;
  exportFile?: string | undefined;
  assetBaseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  /** Retries after 429, 5xx and network errors: by the upstream guard within the caller's deadline (remote, ADR 015), by the SDK (embedded). */
  retryLimit?: number | undefined;
  /** Remote: requests in flight at once (both clients together), and the breaker's failures and cool-down. */
  maxConcurrency?: number | undefined;
  breaker?: { failures: number; cooldownMs: number } | undefined;
}

interface ContentfulClientsDeps {
  /** Embedded mode: an engine built elsewhere (tests); skips reading `exportFile`. */
  engine?: CdaEngine;
  /** Receives the SDK's log lines, which go to the console otherwise. */
  logHandler?: CreateClientParams['logHandler'];
  logger?: Logger;
}

export type ContentfulClient = ContentfulClientApi<undefined>;
export type ContentfulClients = Awaited<ReturnType<typeof createContentfulClients>>;

const DEFAULT_BREAKER = { failures: 5, cooldownMs: 10_000 } as const;
const BACKGROUND_BUDGET_MS = 30_000; // requests outside any visitor's request (search indexing, webhooks)

/**
 * Real `contentful` SDK clients for delivery and preview. With credentials they talk to the CDA/CPA through the
 * upstream guard (ADR 015; the SDK's own retries are off); without, to the embedded engine in process (ADR 002).
 */
export async function createContentfulClients(config: ContentfulClientsConfig, deps: ContentfulClientsDeps = {}) {
  const timeoutMs = config.timeoutMs ?? 5000;
  const retryLimit = config.retryLimit ?? 2;
  const common = { timeout: timeoutMs, retryOnError: true, retryLimit, ...(deps.logHandler ? { logHandler: deps.logHandler } : {}) };
  const credentials = config.contentful;
  if (credentials) {
    const guard = createUpstreamGuard({
      maxConcurrency: config.maxConcurrency ?? 8,
      breaker: config.breaker ?? DEFAULT_BREAKER,
      timeoutMs,
      retryLimit,
      logger: deps.logger,
    });
    // The SDK would wait out any X-Contentful-RateLimit-Reset, however long: the guard retries instead.
    const base = {
      ...common,
      retryOnError: false,
      adapter: createGuardedAdapter(guard),
      space: credentials.spaceId,
      environment: credentials.environment ?? 'master',
    };
    const delivery = createClient({ ...base, accessToken: credentials.accessToken, ...toHostOptions(credentials.host ?? 'cdn.contentful.com') });
    const preview = credentials.previewToken
      ? createClient({ ...base, accessToken: credentials.previewToken, ...toHostOptions(credentials.previewHost ?? toPreviewHost(credentials.host)) })
      : delivery;
    return { delivery, preview, mode: 'remote' as const, previewAvailable: preview !== delivery, timeoutMs, retryLimit, engine: undefined };
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
    retryLimit,
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

/** Splits `http://127.0.0.1:4010/cda` into the SDK's `host`, `insecure` and `basePath`. */
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

/** axios's HTTP adapter under the upstream guard and the caller's deadline; each attempt's abort signal cuts off a dripping answer. */
function createGuardedAdapter(guard: UpstreamGuard, http = getAdapter('http') as CdaAxiosAdapter): CdaAxiosAdapter {
  return (config) => guard.run((signal) => http({ ...config, signal }), deadline.getStore() ?? Date.now() + BACKGROUND_BUDGET_MS);
}
