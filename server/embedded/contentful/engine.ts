import { randomUUID } from 'node:crypto';

import { CdaError, accessTokenInvalid, badRequest, notFound } from './cda-errors.ts';
import { getEntity, queryEntities } from './entity-endpoints.ts';
import { indexSpaceExport } from './export-index.ts';
import { getContentType, getSpace, getTag, queryContentTypes, queryLocales, queryTags } from './plain-endpoints.ts';
import { getConcept, getConceptScheme, queryConceptRelatives, queryConceptSchemes, queryConcepts } from './taxonomy-endpoints.ts';

import type { EndpointContext } from './entity-endpoints.ts';
import type { ExportIndex } from './export-index.ts';
import type { SpaceExport } from './space-export.ts';
import type { QueryParams } from './query-params.ts';

/** One API call, transport-agnostic: the HTTP router and the axios adapter both build these. */
export interface CdaRequest {
  method: string;
  /** `/spaces/:space/environments/:env/entries`, `/spaces/:space/entries`, `/spaces/:space`… */
  path: string;
  query: QueryParams;
  /** Content Preview API semantics (drafts served). Omit to decide by `accessToken` when tokens are configured. */
  preview?: boolean;
  /** Bearer token of the request, checked only when the engine was given `accessTokens`. */
  accessToken?: string;
}

export interface CdaResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON-serializable; parts are shared between responses and frozen, so treat it as read-only. */
  body: unknown;
}

export interface CdaEngineOptions {
  /** Prefix for rewritten `//images.ctfassets.net/…` asset URLs. Default `/content-assets`. */
  assetBaseUrl?: string;
  /** Defaults to the space id found in the export (`embedded` if none). */
  spaceId?: string;
  /** Defaults to the environment id found in the export (`master` if none). */
  environmentId?: string;
  /** When set, requests must carry one of these tokens (401 AccessTokenInvalid otherwise). */
  accessTokens?: { delivery: string; preview: string };
}

export interface CdaEngine {
  readonly spaceId: string;
  readonly environmentId: string;
  handle(request: CdaRequest): CdaResponse;
}

const CONTENT_TYPE = 'application/vnd.contentful.delivery.v1+json';

/** An in-process CDA over a space export (ADR 002; what it leaves out: README.md). `handle` is synchronous, no I/O. */
export function createCdaEngine(data: SpaceExport, options: CdaEngineOptions = {}): CdaEngine {
  const index = indexSpaceExport(data, {
    assetBaseUrl: options.assetBaseUrl ?? '/content-assets',
    ...(options.spaceId === undefined ? {} : { spaceId: options.spaceId }),
    ...(options.environmentId === undefined ? {} : { environmentId: options.environmentId }),
  });
  return {
    spaceId: index.spaceId,
    environmentId: index.environmentId,
    handle(request) {
      const requestId = randomUUID().replaceAll('-', '');
      const headers = { 'content-type': CONTENT_TYPE, 'x-contentful-request-id': requestId };
      try {
        return { status: 200, headers, body: route(index, request, options.accessTokens) };
      } catch (error) {
        if (!(error instanceof CdaError)) throw error;
        return { status: error.status, headers, body: error.toBody(requestId) };
      }
    },
  };
}

function resolvePreview(request: CdaRequest, tokens: CdaEngineOptions['accessTokens']): boolean {
  if (!tokens) return request.preview ?? false;
  const token = request.accessToken ?? request.query['access_token'];
  if (request.preview === undefined) {
    if (token === tokens.preview) return true;
    if (token === tokens.delivery) return false;
    throw accessTokenInvalid();
  }
  if (token !== (request.preview ? tokens.preview : tokens.delivery)) throw accessTokenInvalid();
  return request.preview;
}

function route(index: ExportIndex, request: CdaRequest, tokens: CdaEngineOptions['accessTokens']): unknown {
  const preview = resolvePreview(request, tokens);
  if (request.method !== 'GET' && request.method !== 'HEAD') throw badRequest(`${request.method} is not supported: the Content Delivery API is read-only`);
  const segments = request.path.split('/').filter(Boolean).map(decodeSegment);
  const [spaces, spaceId, ...afterSpace] = segments;
  if (spaces !== 'spaces' || spaceId === undefined) throw notFound('Resource', request.path);
  if (spaceId !== index.spaceId) throw notFound('Space', spaceId);
  const hasEnvironment = afterSpace[0] === 'environments';
  const environmentId = hasEnvironment ? (afterSpace[1] ?? '') : index.environmentId;
  if (environmentId !== index.environmentId) throw notFound('Environment', environmentId, { space: spaceId });
  const rest = hasEnvironment ? afterSpace.slice(2) : afterSpace;
  const context: EndpointContext = {
    index,
    scope: preview ? index.preview : index.delivery,
    where: { space: spaceId, environment: environmentId },
    basePath: `/spaces/${spaceId}/environments/${environmentId}`,
  };
  return dispatch(rest, request.query, context, hasEnvironment);
}

function dispatch(rest: readonly string[], query: QueryParams, context: EndpointContext, hasEnvironment: boolean): unknown {
  const [resource, id, relation, ...extra] = rest;
  if (resource === 'taxonomy') return dispatchTaxonomy(rest.slice(1), query, context);
  if (extra.length > 0) throw notFound('Resource', rest.join('/'));
  switch (resource) {
    case undefined:
      if (hasEnvironment) break;
      return getSpace(context);
    case 'entries':
      if (relation !== undefined) break;
      return id === undefined ? queryEntities('Entry', query, context) : getEntity('Entry', id, query, context);
    case 'assets':
      if (relation !== undefined) break;
      return id === undefined ? queryEntities('Asset', query, context) : getEntity('Asset', id, query, context);
    case 'content_types':
      if (relation !== undefined) break;
      return id === undefined ? queryContentTypes(query, context) : getContentType(id, context);
    case 'locales':
      if (id !== undefined) break;
      return queryLocales(query, context);
    case 'tags':
      if (relation !== undefined) break;
      return id === undefined ? queryTags(query, context) : getTag(id, context);
  }
  throw notFound('Resource', rest.join('/'));
}

function dispatchTaxonomy(rest: readonly string[], query: QueryParams, context: EndpointContext): unknown {
  const [collection, id, relation, ...extra] = rest;
  if (extra.length === 0 && collection === 'concepts') {
    if (id === undefined) return queryConcepts(query, context);
    if (relation === undefined) return getConcept(id, context);
    if (relation === 'ancestors' || relation === 'descendants') return queryConceptRelatives(id, relation, query, context);
  }
  if (extra.length === 0 && relation === undefined && collection === 'concept-schemes') {
    return id === undefined ? queryConceptSchemes(query, context) : getConceptScheme(id, context);
  }
  throw notFound('Resource', ['taxonomy', ...rest].join('/'));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
