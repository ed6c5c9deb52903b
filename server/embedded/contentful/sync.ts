import { randomUUID } from 'node:crypto';

import { badRequest, unsupported } from './cda-errors.ts';
import { parseIntParam } from './query.ts';

import type { EndpointContext } from './endpoints.ts';
import type { IndexedEntity, ScopeChange } from './export-index.ts';
import type { LocaleSet } from './locales.ts';
import type { QueryParams } from './query.ts';

/**
 * The Sync API of the delivery scope (ADR 061): an initial sync pages through every published entry and asset; the
 * `nextSyncUrl` token then yields what changed since, with `DeletedEntry`/`DeletedAsset` tombstones for what left.
 * Every change gets a sequence number; a page lists items in sequence order, so an item changed while a client pages
 * moves past the page's upper bound and comes in the next delta instead of shifting the pages.
 */

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

export function createSyncFeed(initial: Iterable<IndexedEntity>) {
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

  function page(token: Token, context: EndpointContext): Record<string, unknown> {
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
      items.push(entry.entity ? toSyncItem(entry.entity, context.scope.locales) : entry.tombstone);
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
    handle(params: QueryParams, context: EndpointContext): Record<string, unknown> {
      if (context.scope.preview) throw unsupported('The Sync API on the preview API');
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

export type SyncFeed = ReturnType<typeof createSyncFeed>;

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
