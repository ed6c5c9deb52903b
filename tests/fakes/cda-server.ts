import { randomUUID } from 'node:crypto';

import { Router } from 'express';

import { badRequest, CdaError, invalidPath, notFound, unsupported } from '#server/embedded/contentful/cda-errors.ts';
import { isServed } from '#server/embedded/contentful/export-index.ts';
import { createLocaleSet } from '#server/embedded/contentful/locales.ts';
import { parseIntParam, parsePaging } from '#server/embedded/contentful/query.ts';

import type { CdaEngine, CdaRequest, CdaResponse } from '#server/embedded/contentful/engine.ts';
import type { IndexedEntity, ScopeChange } from '#server/embedded/contentful/export-index.ts';
import type { LocaleSet } from '#server/embedded/contentful/locales.ts';
import type { QueryParams } from '#server/embedded/contentful/query.ts';
import type { SpaceExport } from '#server/embedded/contentful/space-export-schema.ts';

/**
 * The embedded CDA engine as Contentful serves it over the wire, for wire-level tests and `npm run bench:replica`: bearer
 * tokens that choose the API (401 AccessTokenInvalid for any other), the content model (`content_types`, `locales`) and the
 * Sync API over what `apply` and `replace` changed (what a replica reads, ADR 061), and an Express router with the CDA's URL
 * layout. The app's own engine needs none of it: the app reaches it in process with the API chosen, reads the model from it
 * directly, and a replica syncs from Contentful, never from the engine.
 */

export interface CdaServerOptions {
  /** Requests must carry one of these as `Authorization: Bearer …`; it picks the API when the request does not. */
  accessTokens?: { delivery: string; preview: string };
}

/** A request as it arrives over HTTP: the API may be left to the token. */
export type CdaHttpRequest = CdaRequest & { accessToken?: string | undefined };

export type CdaServer = Omit<CdaEngine, 'handle'> & { handle(request: CdaHttpRequest): CdaResponse };

export function createCdaServer(engine: CdaEngine, options: CdaServerOptions = {}): CdaServer {
  const delivered = (kind: 'Entry' | 'Asset', items: readonly { sys: { id: string } }[]) => items.flatMap(({ sys }) => engine.delivered(kind, sys.id) ?? []);
  const { entries, assets } = engine.snapshot();
  const feed = createSyncFeed([...delivered('Entry', entries), ...delivered('Asset', assets)]);
  const record = (changes: ScopeChange[]) => (feed.record(changes), changes);
  return {
    ...engine,
    handle(request) {
      const requestId = randomUUID().replaceAll('-', '');
      const headers = { 'content-type': 'application/vnd.contentful.delivery.v1+json', 'x-contentful-request-id': requestId };
      try {
        // The engine refuses a token in the query (400) before any token is checked.
        const preview = request.query['access_token'] === undefined ? resolvePreview(request, options.accessTokens) : false;
        const [, space, environment = engine.environmentId, resource, id] = OWN_PATHS.exec(request.path) ?? [];
        if (space !== engine.spaceId || environment !== engine.environmentId || (resource !== 'content_types' && id !== undefined))
          return engine.handle({ ...request, preview });
        const model = engine.model();
        const where = { space, environment };
        if (resource !== 'sync') return { status: 200, headers, body: modelEndpoint(model, resource === 'locales', id, request.query, preview, where) };
        const context = { preview, locales: createLocaleSet(model.locales, false), basePath: `/spaces/${space}/environments/${environment}` };
        return { status: 200, headers, body: feed.handle(request.query, context) };
      } catch (error) {
        if (!(error instanceof CdaError)) throw error;
        return { status: error.status, headers, body: error.toBody(requestId) };
      }
    },
    apply: (changes) => record(engine.apply(changes)),
    replace: (next) => record(engine.replace(next)),
  };
}

/** The paths served here rather than by the engine: the Sync API and the content model. */
const OWN_PATHS = /^\/spaces\/([^/]+)(?:\/environments\/([^/]+))?\/(sync|locales|content_types)(?:\/([^/]+))?$/;

const FIELD_KEYS = ['id', 'name', 'type', 'linkType', 'items', 'localized', 'required', 'validations', 'disabled', 'omitted'] as const;
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

/**
 * `GET /content_types[/:id]` and `GET /locales` in their CDA shape: the content types this API serves (published ones; the
 * preview API also drafts; CMA-only sys keys dropped, `revision` counts publishes) and its locales (the CDA hides those
 * switched off for delivery), lists paged with `skip`/`limit`.
 */
function modelEndpoint(
  model: Omit<SpaceExport, 'entries' | 'assets'>,
  isLocales: boolean,
  id: string | undefined,
  params: QueryParams,
  preview: boolean,
  where: { space: string; environment: string },
): Record<string, unknown> {
  const locales = createLocaleSet(model.locales, preview);
  const types = model.contentTypes
    .filter((type) => isServed(type.sys, preview))
    .map((type) => ({
      sys: {
        space: link('Space', type.sys.space?.sys.id ?? where.space),
        id: type.sys.id,
        type: 'ContentType',
        createdAt: type.sys.createdAt,
        updatedAt: type.sys.updatedAt,
        environment: link('Environment', type.sys.environment?.sys.id ?? where.environment),
        revision: type.sys.publishedCounter ?? 1,
      },
      displayField: type['displayField'] ?? null,
      name: type['name'] ?? type.sys.id,
      description: type['description'] ?? '',
      fields: type.fields.map((field) => Object.fromEntries(FIELD_KEYS.flatMap((key) => (field[key] === undefined ? [] : [[key, field[key]]])))),
    }));
  if (id !== undefined) {
    const type = types.find((candidate) => candidate.sys.id === id);
    if (!type) throw notFound('ContentType', id, where);
    return type;
  }
  for (const key of Object.keys(params)) if (key !== 'skip' && key !== 'limit') throw invalidPath(key, `The path "${key}" is not recognized`);
  const { skip, limit } = parsePaging(params);
  const items: unknown[] = isLocales
    ? model.locales
        .filter((locale) => locales.has(locale.code))
        .map((locale) => ({
          code: locale.code,
          name: locale.name,
          default: locale.code === locales.defaultCode,
          fallbackCode: locale.fallbackCode ?? null,
          sys: { id: locale.sys?.id ?? locale.code, type: 'Locale', version: locale.sys?.version ?? 1 },
        }))
    : types;
  return { sys: { type: 'Array' }, total: items.length, skip, limit, items: items.slice(skip, skip + limit) };
}

function resolvePreview({ preview, accessToken }: CdaHttpRequest, tokens: CdaServerOptions['accessTokens']): boolean {
  if (!tokens) return preview ?? false;
  if (preview === undefined && (accessToken === tokens.preview || accessToken === tokens.delivery)) return accessToken === tokens.preview;
  if (preview !== undefined && accessToken === (preview ? tokens.preview : tokens.delivery)) return preview;
  throw new CdaError(401, 'AccessTokenInvalid', 'The access token you sent could not be found or is invalid.');
}

/**
 * The engine over HTTP with the CDA's URL layout, mounted at `/` (the SDK then takes `host: '127.0.0.1:<port>', insecure: true`).
 * `preview`: answer as the Content Preview API; omit to let the tokens decide. Query parameters keep their first value.
 */
export function createCdaRouter(engine: Pick<CdaServer, 'handle'>, options: { preview?: boolean } = {}): Router {
  const router = Router();
  router.use((req, res) => {
    const url = new URL(req.url, 'http://embedded.invalid');
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => void (query[key] ??= value));
    const accessToken = req.get('authorization')?.replace(/^Bearer\s+/i, '');
    const answer = engine.handle({ method: req.method, path: url.pathname, query, accessToken, ...options });
    res.status(answer.status).set(answer.headers).send(JSON.stringify(answer.body));
  });
  return router;
}

// The Sync API (ADR 061): an initial sync pages through every published entry and asset; the `nextSyncUrl` token then yields
// what changed since, with `DeletedEntry`/`DeletedAsset` tombstones for what left. Every change gets a sequence number; a page
// lists items in sequence order, so an item changed while a client pages moves past the page's upper bound and comes in the
// next delta instead of shifting the pages.

type FeedContext = { preview: boolean; locales: LocaleSet; basePath: string };

interface Token {
  /** The feed instance: a token of an earlier process (or another engine) is refused, as Contentful refuses a foreign one. */
  epoch: string;
  /** Items with a sequence number above `from` and at most `upto` (0 while none was fixed: a delta's first page). */
  from: number;
  upto: number;
  limit: number;
  initial: boolean;
}

type Stamp = { seq: number; kind: 'Entry' | 'Asset'; entity?: IndexedEntity; tombstone?: Record<string, unknown> };

const DEFAULT_LIMIT = 100;

function createSyncFeed(initial: Iterable<IndexedEntity>) {
  const epoch = randomUUID().slice(0, 8);
  let seq = 0;
  /** `Entry:<id>` -> its latest stamp; `log` holds stamps in sequence order, superseded ones skipped (and compacted away). */
  const latest = new Map<string, Stamp>();
  let log: Array<[string, Stamp]> = [];

  const stamp = (key: string, value: Omit<Stamp, 'seq'>) => {
    const entry: Stamp = { ...value, seq: ++seq };
    latest.set(key, entry);
    log.push([key, entry]);
    if (log.length > 2 * latest.size + 1000) log = log.filter(([k, s]) => latest.get(k) === s);
  };
  for (const entity of initial) stamp(`${entity.type}:${entity.id}`, { kind: entity.type, entity });

  const encode = (token: Token) => Buffer.from(JSON.stringify(token)).toString('base64url');
  function decode(text: string): Token {
    try {
      const token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Token>;
      if (token.epoch === epoch && [token.from, token.upto, token.limit].every(Number.isSafeInteger) && typeof token.initial === 'boolean')
        return token as Token;
    } catch {
      // Falls through to the refusal below.
    }
    throw badRequest('The sync token is invalid or expired: start again with initial=true');
  }

  /** The first index in `log` with a sequence number above `from` (binary search: `log` is in sequence order). */
  function firstAfter(from: number): number {
    let [low, high] = [0, log.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((log[middle]?.[1].seq ?? 0) <= from) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function page(token: Token, context: FeedContext): Record<string, unknown> {
    const items: unknown[] = [];
    let [last, more] = [token.from, false];
    for (let at = firstAfter(token.from); at < log.length; at++) {
      const [key, entry] = log[at] ?? [];
      if (!key || !entry || entry.seq > token.upto) break;
      // Superseded stamps are skipped; an initial sync has nothing to delete.
      if (latest.get(key) !== entry || (token.initial && entry.tombstone)) continue;
      if (items.length === token.limit) {
        more = true;
        break;
      }
      items.push(entry.entity ? toSyncItem(entry.entity, context.locales) : entry.tombstone);
      last = entry.seq;
    }
    const url = `${context.basePath}/sync?sync_token=`;
    const next = more
      ? { nextPageUrl: url + encode({ ...token, from: last }) }
      : { nextSyncUrl: url + encode({ epoch, from: token.upto, upto: 0, limit: token.limit, initial: false }) };
    return { sys: { type: 'Array' }, items, ...next };
  }

  return {
    /** Records what `apply` changed in the delivery scope. */
    record(changes: readonly ScopeChange[]): void {
      for (const { kind, id, before, after } of changes) {
        if (after) stamp(`${kind}:${id}`, { kind, entity: after });
        else if (before) stamp(`${kind}:${id}`, { kind, tombstone: toTombstone(before) });
      }
    },
    /** `GET /sync?initial=true[&limit=N]` or `GET /sync?sync_token=…`. */
    handle(params: QueryParams, context: FeedContext): Record<string, unknown> {
      if (context.preview) throw unsupported('The Sync API on the preview API');
      for (const key of ['type', 'content_type']) if (params[key] !== undefined) throw unsupported(`The sync parameter "${key}"`);
      const tokenText = params['sync_token'];
      if (tokenText !== undefined) {
        const token = decode(tokenText);
        // A delta's first page fixes its upper bound now: what changes while the client pages comes in the next delta.
        return page(token.upto === 0 ? { ...token, upto: seq } : token, context);
      }
      if (params['initial'] !== 'true') throw badRequest('Send initial=true or a sync_token');
      const limit = parseIntParam(params, 'limit', { min: 1, max: 1000, fallback: DEFAULT_LIMIT });
      return page({ epoch, from: 0, upto: seq, limit, initial: true }, context);
    },
  };
}

/** A sync item: every delivered locale's value of every served field (the CDA's `locale=*` shape), no `sys.locale`. */
function toSyncItem(entity: IndexedEntity, locales: LocaleSet): Record<string, unknown> {
  // Locales switched off for delivery are hidden from the CDA (ADR 038), so their values stay out of the feed too.
  const fields: Record<string, Record<string, unknown>> = {};
  for (const [fieldId, values] of Object.entries(entity.fields)) {
    const delivered = Object.entries(values).filter(([code]) => locales.has(code));
    if (delivered.length > 0) fields[fieldId] = delivered.length === Object.keys(values).length ? values : Object.fromEntries(delivered);
  }
  return { metadata: entity.metadata, sys: entity.sys, fields };
}

function toTombstone(entity: IndexedEntity): Record<string, unknown> {
  const { space, environment, id, createdAt, revision } = entity.sys as Record<string, unknown>;
  const now = new Date().toISOString();
  return {
    sys: { space, environment, id, type: entity.type === 'Entry' ? 'DeletedEntry' : 'DeletedAsset', createdAt, updatedAt: now, deletedAt: now, revision },
  };
}
