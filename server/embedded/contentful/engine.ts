import { randomUUID } from 'node:crypto';

import { tryDecode } from '#shared/http/safe-redirect.ts';

import { CdaError, badRequest, notFound, unsupported } from './cda-errors.ts';
import { getEntity, getOne, queryConcepts, queryEntries, queryTags } from './endpoints.ts';
import { indexSpaceExport } from './export-index.ts';

import type { EndpointContext } from './endpoints.ts';
import type { EntityChanges, ExportIndex, IndexedEntity, ScopeChange } from './export-index.ts';
import type { QueryParams } from './query.ts';
import type { SpaceExport } from './space-export-schema.ts';

/** `preview`: the Content Preview API. */
export interface CdaRequest {
  method: string;
  path: string;
  query: QueryParams;
  preview?: boolean;
}

/** `body` parts are shared between responses and frozen: treat it as read-only. */
export type CdaResponse = { status: number; headers: Record<string, string>; body: unknown };

export interface CdaEngineOptions {
  /** Prefix for rewritten `//images.ctfassets.net/…` URLs; `false` keeps them. */
  assetBaseUrl?: string | false;
  spaceId?: string;
  environmentId?: string;
}

export type CdaEngine = ReturnType<typeof createCdaEngine>;

// Real CDA paths the engine leaves out: a 400 that says so rather than a 404 that looks like missing content.
const UNSUPPORTED_PATH = /^$|^assets$|^(content_types|locales|sync|taxonomy\/concept-schemes)(\/|$)|^taxonomy\/concepts\/[^/]+\/(ancestors|descendants)$/;

/** An in-process CDA over a space export (ADR 002; what it leaves out: README.md). `handle` is synchronous, no I/O. */
export function createCdaEngine(initial: SpaceExport, options: CdaEngineOptions = {}) {
  const indexOptions = { ...options, assetBaseUrl: options.assetBaseUrl ?? '/content-assets' };
  let index = indexSpaceExport(initial, indexOptions);
  const withoutEntities = ({ entries: _entries, assets: _assets, ...rest }: SpaceExport) => rest;
  let data = withoutEntities(initial);
  return {
    spaceId: index.spaceId,
    environmentId: index.environmentId,
    handle(request: CdaRequest): CdaResponse {
      const requestId = randomUUID().replaceAll('-', '');
      const headers = { 'content-type': 'application/vnd.contentful.delivery.v1+json', 'x-contentful-request-id': requestId };
      try {
        return { status: 200, headers, body: route(index, request) };
      } catch (error) {
        if (!(error instanceof CdaError)) throw error;
        return { status: error.status, headers, body: error.toBody(requestId) };
      }
    },
    /** Re-indexes only the changed entities; returns what the delivery API now serves differently. */
    apply(changes: EntityChanges): ScopeChange[] {
      // An item stored again as it was (a delta re-sent) changes nothing the delivery API serves: not reported.
      return index.apply(changes).filter(({ before, after }) => !before || !after || !same(before, after));
    },
    /** Re-indexes everything (a new content model, locales, tags or taxonomy); reports the entities that changed. */
    replace(next: SpaceExport): ScopeChange[] {
      const before = index.delivery;
      data = withoutEntities(next);
      index = indexSpaceExport(next, { ...indexOptions, spaceId: index.spaceId, environmentId: index.environmentId });
      return [...diff('Entry', before.entries, index.delivery.entries), ...diff('Asset', before.assets, index.delivery.assets)];
    },
    snapshot(): SpaceExport {
      return { ...data, entries: [...index.raw.entries.values()], assets: [...index.raw.assets.values()] };
    },
    /** Drafts included. */
    counts: () => ({ entries: index.raw.entries.size, assets: index.raw.assets.size }),
    model(): Omit<SpaceExport, 'entries' | 'assets'> {
      return data;
    },
    // These three read what the delivery API serves.
    delivered: (kind: 'Entry' | 'Asset', id: string): IndexedEntity | undefined => (kind === 'Entry' ? index.delivery.entries : index.delivery.assets).get(id),
    linking: (id: string): readonly IndexedEntity[] => index.delivery.linksToEntry.get(id) ?? [],
    tagged: (tagId: string): string[] => index.delivery.entryList.flatMap((e) => (e.metadata.tags.some((tag) => tag.sys.id === tagId) ? [e.id] : [])),
  };
}

const same = (x: IndexedEntity, y: IndexedEntity) => JSON.stringify([x.sys, x.fields, x.metadata]) === JSON.stringify([y.sys, y.fields, y.metadata]);

function diff(kind: 'Entry' | 'Asset', before: ReadonlyMap<string, IndexedEntity>, after: ReadonlyMap<string, IndexedEntity>): ScopeChange[] {
  const changed: ScopeChange[] = [];
  for (const [id, entity] of after) {
    const old = before.get(id);
    if (!old || !same(old, entity)) changed.push({ kind, id, before: old, after: entity });
  }
  for (const [id, old] of before) if (!after.has(id)) changed.push({ kind, id, before: old, after: undefined });
  return changed;
}

function route(index: ExportIndex, request: CdaRequest): unknown {
  const { query, preview = false } = request;
  if (query['access_token'] !== undefined) throw unsupported('The access_token parameter (send an Authorization header)');
  if (request.method !== 'GET' && request.method !== 'HEAD') throw badRequest(`${request.method} is not supported: the Content Delivery API is read-only`);
  if (query['locale'] === '*') throw unsupported('locale=*');
  const [spaces, space, ...afterSpace] = request.path
    .split('/')
    .filter(Boolean)
    .map((segment) => tryDecode(segment) ?? segment);
  if (spaces !== 'spaces' || space === undefined) throw notFound('Resource', request.path);
  if (space !== index.spaceId) throw notFound('Space', space);
  const hasEnvironment = afterSpace[0] === 'environments';
  const environment = hasEnvironment ? (afterSpace[1] ?? '') : index.environmentId;
  if (environment !== index.environmentId) throw notFound('Environment', environment, { space });
  const rest = hasEnvironment ? afterSpace.slice(2) : afterSpace;
  const context: EndpointContext = {
    index,
    scope: preview ? index.preview : index.delivery,
    where: { space, environment },
  };
  const [resource, id, ...more] = rest;
  const path = rest.join('/');
  if (path === 'entries') return queryEntries(query, context);
  if (more.length === 0 && id !== undefined && (resource === 'entries' || resource === 'assets')) {
    return getEntity(resource === 'entries' ? 'Entry' : 'Asset', id, query, context);
  }
  if (more.length === 0 && resource === 'tags') return id === undefined ? queryTags(query, context) : getOne('Tag', id, context);
  if (path === 'taxonomy/concepts') return queryConcepts(query, context);
  if (resource === 'taxonomy' && id === 'concepts' && more.length === 1) return getOne('TaxonomyConcept', more[0] ?? '', context);
  if (UNSUPPORTED_PATH.test(path)) throw unsupported(`GET ${request.path}`);
  throw notFound('Resource', path);
}
