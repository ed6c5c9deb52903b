import { once } from 'node:events';
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A wire-level fake of Algolia's Search and Insights REST APIs for tests of
 * the production path: the real `algoliasearch` clients (lite and full) and
 * search-insights point their `hosts` at it. It listens on an ephemeral
 * port, records every request (method, path, query, headers, JSON body) and
 * answers in Algolia's shapes from small in-memory indexes. Search is a plain
 * "every word is a substring" match: tests assert the traffic, not ranking.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

type AlgoliaObject = Record<string, unknown> & { objectID: string };

export interface FakeAlgolia {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `host:port`, for the clients' `hosts: [{ url, protocol: 'http' }]`. */
  host: string;
  requests: RecordedRequest[];
  /** Objects per index name (mutable: tests seed and inspect it). */
  indexes: Map<string, Map<string, AlgoliaObject>>;
  settings: Map<string, Record<string, unknown>>;
  /** Delay (ms) or fail (HTTP status) the next search requests until reset with `undefined`. */
  searchBehaviour: { delayMs?: number; failStatus?: number };
  seed(indexName: string, objects: AlgoliaObject[]): void;
  /** The recorded requests whose path matches. */
  requestsTo(path: RegExp): RecordedRequest[];
  close(): Promise<void>;
}

interface SearchRequest {
  indexName?: string;
  params?: string | Record<string, unknown>;
  [key: string]: unknown;
}

export async function startFakeAlgolia(): Promise<FakeAlgolia> {
  const requests: RecordedRequest[] = [];
  const indexes = new Map<string, Map<string, AlgoliaObject>>();
  const settings = new Map<string, Record<string, unknown>>();
  const searchBehaviour: FakeAlgolia['searchBehaviour'] = {};
  let nextTask = 1;
  const index = (name: string) => indexes.get(name) ?? indexes.set(name, new Map()).get(name)!;
  const task = () => ({ taskID: nextTask++, updatedAt: new Date().toISOString() });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    const method = req.method ?? 'GET';
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      return void res.writeHead(204).end();
    }
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
    const send = (status: number, payload: unknown) =>
      void res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload));
    const path = url.pathname;
    let match: RegExpMatchArray | null;

    if (method === 'POST' && (path === '/1/indexes/*/queries' || (match = path.match(/^\/1\/indexes\/([^/]+)\/query$/)))) {
      if (searchBehaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, searchBehaviour.delayMs));
      if (searchBehaviour.failStatus) return send(searchBehaviour.failStatus, { message: 'Fake failure', status: searchBehaviour.failStatus });
      if (path === '/1/indexes/*/queries') {
        const list = ((body as { requests?: SearchRequest[] }).requests ?? []).map((r) => search(index(String(r.indexName)), String(r.indexName), r));
        return send(200, { results: list });
      }
      const name = decodeURIComponent(match![1]!);
      return send(200, search(index(name), name, (body ?? {}) as SearchRequest));
    }
    if ((match = path.match(/^\/1\/indexes\/([^/]+)\/settings$/))) {
      const name = decodeURIComponent(match[1]!);
      if (method === 'GET') return send(200, settings.get(name) ?? {});
      settings.set(name, { ...settings.get(name), ...(body as Record<string, unknown>) });
      return send(200, task());
    }
    if (method === 'GET' && /^\/1\/indexes\/[^/]+\/task\/\d+$/.test(path)) return send(200, { status: 'published', pendingTask: false });
    if (method === 'POST' && (match = path.match(/^\/1\/indexes\/([^/]+)\/batch$/))) {
      const target = index(decodeURIComponent(match[1]!));
      const ops = (body as { requests: Array<{ action: string; body: AlgoliaObject }> }).requests;
      for (const op of ops) {
        if (op.action === 'deleteObject') target.delete(op.body.objectID);
        else target.set(op.body.objectID, op.body);
      }
      return send(200, { ...task(), objectIDs: ops.map((op) => op.body.objectID) });
    }
    if (method === 'POST' && (match = path.match(/^\/1\/indexes\/([^/]+)\/operation$/))) {
      const source = decodeURIComponent(match[1]!);
      const { operation, destination, scope } = body as { operation: 'copy' | 'move'; destination: string; scope?: string[] };
      // A copy with `scope` copies only those parts (settings, rules, synonyms), never the records.
      if (!scope || operation === 'move') indexes.set(destination, new Map(index(source)));
      if (settings.has(source)) settings.set(destination, { ...settings.get(source) });
      if (operation === 'move') {
        indexes.delete(source);
        settings.delete(source);
      }
      return send(200, task());
    }
    if (method === 'POST' && (match = path.match(/^\/1\/indexes\/([^/]+)\/deleteByQuery$/))) {
      const target = index(decodeURIComponent(match[1]!));
      const filters = String((body as { filters?: string }).filters ?? '');
      const ids = [...filters.matchAll(/entryId:"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
      for (const [objectID, object] of target) if (ids.includes(String(object.entryId))) target.delete(objectID);
      return send(200, task());
    }
    if (method === 'POST' && path === '/1/events') return send(200, { status: 200, message: 'OK' });
    send(404, { message: 'Not found', status: 404 });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(error), status: 500 }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    indexes,
    settings,
    searchBehaviour,
    seed(indexName, objects) {
      const target = index(indexName);
      for (const object of objects) target.set(object.objectID, object);
    },
    requestsTo: (path) => requests.filter((r) => path.test(r.path)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The search parameters of one request, however the client sent them (string, object or flattened). */
export function readSearchParams(request: SearchRequest): Record<string, unknown> {
  const { indexName: _indexName, params, type: _type, facet: _facet, ...flat } = request;
  const values: Record<string, unknown> = { ...flat };
  if (typeof params === 'string') for (const [key, value] of new URLSearchParams(params)) values[key] = parseValue(value);
  else if (params) Object.assign(values, params);
  return values;
}

function parseValue(value: string): unknown {
  if (/^(true|false|-?\d+)$/.test(value) || /^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

function search(objects: Map<string, AlgoliaObject>, indexName: string, request: SearchRequest) {
  const params = readSearchParams(request);
  const query = String(params.query ?? '');
  const hitsPerPage = Number(params.hitsPerPage ?? 20);
  const page = Number(params.page ?? 0);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (o: AlgoliaObject) =>
    ['title', 'tags', 'summary', 'body']
      .map((key) => JSON.stringify(o[key] ?? ''))
      .join(' ')
      .toLowerCase();
  const filters = toFilterGroups(params.facetFilters);
  const seen = new Set<unknown>();
  const matches = [...objects.values()].filter((o) => {
    if (!words.every((word) => text(o).includes(word))) return false;
    if (!filters.every((group) => group.some(([attribute, value]) => [o[attribute]].flat().includes(value)))) return false;
    if (seen.has(o.entryId ?? o.objectID)) return false;
    seen.add(o.entryId ?? o.objectID);
    return true;
  });
  const facets: Record<string, Record<string, number>> = {};
  for (const attribute of [params.facets ?? []].flat().map(String)) {
    facets[attribute] = {};
    for (const o of matches)
      for (const value of [o[attribute]].flat()) if (typeof value === 'string') facets[attribute][value] = (facets[attribute][value] ?? 0) + 1;
  }
  const pre = String(params.highlightPreTag ?? '<em>');
  const post = String(params.highlightPostTag ?? '</em>');
  const highlight = (value: unknown) => ({
    value: words.reduce(
      (out, word) => out.replace(new RegExp(`(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'), `${pre}$1${post}`),
      String(value ?? ''),
    ),
    matchLevel: words.length > 0 ? 'full' : 'none',
    matchedWords: words,
  });
  const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((o) => ({
    ...o,
    _highlightResult: { title: highlight(o.title), summary: highlight(o.summary) },
    _snippetResult: { body: highlight(String(o.body ?? '').slice(0, 120)) },
  }));
  return {
    hits,
    nbHits: matches.length,
    page,
    nbPages: Math.ceil(matches.length / Math.max(1, hitsPerPage)),
    hitsPerPage,
    facets,
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
    query,
    params:
      typeof request.params === 'string'
        ? request.params
        : new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(),
    index: indexName,
    processingTimeMS: 1,
    renderingContent: {},
    ...(params.clickAnalytics === true ? { queryID: 'a'.repeat(32) } : {}),
  };
}

/** InstantSearch's `facetFilters`: `[["type:model", "type:page"], "tags:Design"]` (ANDs of ORs). */
function toFilterGroups(raw: unknown): Array<Array<[string, string]>> {
  const list = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  return list.map((group: unknown) =>
    [group].flat().flatMap((filter: unknown) => {
      const text = String(filter);
      const at = text.indexOf(':');
      return at > 0 && !text.startsWith('-') ? [[text.slice(0, at), text.slice(at + 1)] as [string, string]] : [];
    }),
  );
}
