/**
 * Contentful access: real SDK clients for the CDA/CPA, or for the embedded
 * CDA engine over a space export (docs/decisions/002-embedded-cda-engine.md).
 */
export { createContentfulClients, DEFAULT_RETRY_LIMIT, DEFAULT_TIMEOUT_MS, toHostOptions } from './client.ts';
export type { ContentfulClient, ContentfulClients, ContentfulClientsConfig, ContentfulClientsDeps, ContentfulCredentials } from './client.ts';
export { createCdaEngine } from './engine.ts';
export type { CdaEngine, CdaEngineOptions, CdaRequest, CdaResponse } from './engine.ts';
export { createCdaAdapter } from './adapter.ts';
export type { CdaAdapterOptions, CdaAxiosAdapter } from './adapter.ts';
export { createCdaRouter } from './http.ts';
export type { CdaRouterOptions } from './http.ts';
export { loadExportFile, parseSpaceExport } from './load-export.ts';
export { UpstreamUnavailableError } from './upstream-errors.ts';
export type { UnavailableReason } from './upstream-errors.ts';
export { withUpstreamDeadline } from './upstream-deadline.ts';
export type { CircuitName, UpstreamGuard } from './upstream-guard.ts';
export type { SpaceExport } from './export-schema.ts';
