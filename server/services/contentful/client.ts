import { createClient } from 'contentful';

import { createCdaAdapter } from './adapter.ts';
import { createCdaEngine } from './engine.ts';
import { createGuardedAdapter } from './guarded-adapter.ts';
import { loadExportFile } from './load-export.ts';
import { createUpstreamGuard } from './upstream-guard.ts';

import type { ContentfulClientApi, CreateClientParams } from 'contentful';
import type { CdaEngine } from './engine.ts';
import type { UpstreamGuard } from './upstream-guard.ts';
import type { Logger } from 'pino';

/** Credentials for Contentful's own APIs. */
export interface ContentfulCredentials {
  spaceId: string;
  accessToken: string;
  /** Content Preview API token; without it `preview` serves published content. */
  previewToken?: string | undefined;
  /** Default `master`. */
  environment?: string | undefined;
  /**
   * Delivery host: `cdn.contentful.com` (default), `cdn.eu.contentful.com`, a
   * proxy `host[:port]`, or a URL such as `http://127.0.0.1:4010/cda` for fakes.
   */
  host?: string | undefined;
  /** Preview host; derived from `host` (`cdn.` becomes `preview.`, other hosts are reused). */
  previewHost?: string | undefined;
}

export interface ContentfulClientsConfig {
  /** Set to use Contentful; absent selects the embedded engine. */
  contentful?: ContentfulCredentials | undefined;
  /** Embedded mode: the space export to serve. */
  exportFile?: string | undefined;
  /** Embedded mode: prefix for asset URLs. Default `/content-assets`. */
  assetBaseUrl?: string | undefined;
  /** Per-request timeout. Default 5000 ms. */
  timeoutMs?: number | undefined;
  /**
   * Retries after 429 (waiting `X-Contentful-RateLimit-Reset` / `Retry-After`),
   * 5xx and network errors. Remote: done by the upstream guard, only while
   * the caller's deadline allows (ADR 015); embedded: by the SDK. Default 2.
   */
  retryLimit?: number | undefined;
  /** Remote: requests in flight at once (both clients together). Default 8. */
  maxConcurrency?: number | undefined;
  /** Remote: consecutive failures that open the circuit, and its cool-down. Default 5 and 10 s. */
  breaker?: { failures: number; cooldownMs: number } | undefined;
}

export interface ContentfulClientsDeps {
  /** Embedded mode: an engine built elsewhere (tests); skips reading `exportFile`. */
  engine?: CdaEngine;
  /** Receives the SDK's log lines (retry warnings…); the SDK logs to the console otherwise. */
  logHandler?: CreateClientParams['logHandler'];
  /** Remote: where the upstream guard logs circuit changes and retries. */
  logger?: Logger;
}

export type ContentfulClient = ContentfulClientApi<undefined>;

export interface ContentfulClients {
  delivery: ContentfulClient;
  preview: ContentfulClient;
  mode: 'remote' | 'embedded';
  /** False when remote without a preview token. */
  previewAvailable: boolean;
  timeoutMs: number;
  retryLimit: number;
  /** The embedded engine, in embedded mode. */
  engine: CdaEngine | undefined;
  /** Remote mode: retries, circuit breaker and concurrency limit in front of Contentful. */
  guard: UpstreamGuard | undefined;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_RETRY_LIMIT = 2;
export const DEFAULT_MAX_CONCURRENCY = 8;
export const DEFAULT_BREAKER = { failures: 5, cooldownMs: 10_000 } as const;

/**
 * Real `contentful` SDK clients for delivery and preview. With credentials
 * they talk to the CDA/CPA through the upstream guard (our retries within
 * the caller's deadline, circuit breaker, concurrency limit: ADR 015; the
 * SDK's own retries are off); without, they talk to the embedded engine
 * through an in-process axios adapter (ADR 002).
 */
export async function createContentfulClients(config: ContentfulClientsConfig, deps: ContentfulClientsDeps = {}): Promise<ContentfulClients> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryLimit = config.retryLimit ?? DEFAULT_RETRY_LIMIT;
  const common = { timeout: timeoutMs, retryOnError: true, retryLimit, ...(deps.logHandler ? { logHandler: deps.logHandler } : {}) };
  const credentials = config.contentful;
  if (credentials) {
    const guard = createUpstreamGuard({
      maxConcurrency: config.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
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
    return { delivery, preview, mode: 'remote', previewAvailable: preview !== delivery, timeoutMs, retryLimit, engine: undefined, guard };
  }
  const engine = deps.engine ?? (await loadEngine(config));
  // The host is never contacted: the adapter answers. A non-routable name
  // makes a request that somehow bypassed it fail instead of reaching Contentful.
  const base = { ...common, space: engine.spaceId, environment: engine.environmentId, host: 'embedded.invalid' };
  return {
    delivery: createClient({ ...base, accessToken: 'embedded-delivery', adapter: createCdaAdapter(engine, { preview: false }) }),
    preview: createClient({ ...base, accessToken: 'embedded-preview', adapter: createCdaAdapter(engine, { preview: true }) }),
    mode: 'embedded',
    previewAvailable: true,
    timeoutMs,
    retryLimit,
    engine,
    guard: undefined,
  };
}

async function loadEngine(config: ContentfulClientsConfig): Promise<CdaEngine> {
  if (!config.exportFile) throw new Error('Contentful: set credentials or an export file for the embedded engine');
  const data = await loadExportFile(config.exportFile);
  return createCdaEngine(data, config.assetBaseUrl === undefined ? {} : { assetBaseUrl: config.assetBaseUrl });
}

function toPreviewHost(host: string | undefined): string {
  if (host === undefined) return 'preview.contentful.com';
  const cdn = /^cdn\.((?:[\w-]+\.)?contentful\.com)$/.exec(host);
  return cdn ? `preview.${cdn[1]}` : host;
}

/** Splits `http://127.0.0.1:4010/cda` into the SDK's `host`, `insecure` and `basePath`. */
export function toHostOptions(host: string): Pick<CreateClientParams, 'host' | 'insecure' | 'basePath'> {
  if (!host.includes('://')) return { host };
  const url = new URL(host);
  return {
    host: url.host,
    insecure: url.protocol === 'http:',
    ...(url.pathname === '/' ? {} : { basePath: url.pathname }),
  };
}
