import type { Request, Response } from 'express';

/** What every CMA resource carries; the rest of the body is stored as sent. */
export interface CmaSys {
  id: string;
  type: string;
  version: number;
  publishedVersion?: number;
  publishedAt?: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface CmaResource {
  sys: CmaSys;
  [key: string]: unknown;
}

/** A CMA error answer: `{ sys: { type: 'Error', id }, message, details? }`, as the real API sends it. */
export class CmaError extends Error {
  readonly status: number;
  readonly id: string;
  readonly details: unknown;

  constructor(status: number, id: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.id = id;
    this.details = details;
  }
}

export const notFound = (type: string, id: string) => new CmaError(404, 'NotFound', 'The resource could not be found.', { type, id });

const versionMismatch = () =>
  new CmaError(409, 'VersionMismatch', 'Version mismatch error. The version you specified was incorrect. This may be due to someone else editing the content.');

export function sendCmaError(res: Response, error: CmaError, requestId: string): void {
  const body = { sys: { type: 'Error', id: error.id }, message: error.message, ...(error.details ? { details: error.details } : {}), requestId };
  res.status(error.status).type('application/vnd.contentful.management.v1+json').json(body);
}

/** `X-Contentful-Version` as a number, or undefined when the request did not send one. */
export function requestVersion(req: Request): number | undefined {
  const header = req.get('x-contentful-version');
  if (header === undefined) return undefined;
  const version = Number(header);
  if (!Number.isInteger(version)) throw new CmaError(400, 'BadRequest', `X-Contentful-Version must be an integer, got "${header}"`);
  return version;
}

/**
 * One collection of versioned resources (content types, entries, locales, tags…) with the CMA's optimistic
 * locking: a create sends no version (or 0), an update must send the current one, or it gets 409 VersionMismatch.
 */
export class VersionedCollection {
  readonly type: string;
  readonly items = new Map<string, CmaResource>();
  private readonly extraSys: () => Record<string, unknown>;

  constructor(type: string, extraSys: () => Record<string, unknown> = () => ({})) {
    this.type = type;
    this.extraSys = extraSys;
  }

  get(id: string): CmaResource {
    const item = this.items.get(id);
    if (!item) throw notFound(this.type, id);
    return item;
  }

  /** PUT semantics: create when absent (version must be absent or 0), update when the version matches. */
  put(id: string, body: Record<string, unknown>, version: number | undefined, sysExtras: Record<string, unknown> = {}): CmaResource {
    const existing = this.items.get(id);
    const now = new Date().toISOString();
    if (!existing) {
      if (version !== undefined && version !== 0) throw notFound(this.type, id);
      const created = { ...stripSys(body), sys: { ...this.extraSys(), id, type: this.type, ...sysExtras, version: 1, createdAt: now, updatedAt: now } };
      this.items.set(id, created);
      return created;
    }
    if (version !== existing.sys.version) throw versionMismatch();
    const updated = { ...stripSys(body), sys: { ...existing.sys, version: existing.sys.version + 1, updatedAt: now } };
    this.items.set(id, updated);
    return updated;
  }

  publish(id: string, version: number | undefined): CmaResource {
    const item = this.get(id);
    if (version !== item.sys.version) throw versionMismatch();
    const now = new Date().toISOString();
    item.sys = { ...item.sys, publishedVersion: item.sys.version, publishedAt: now, version: item.sys.version + 1, updatedAt: now };
    return item;
  }

  unpublish(id: string, version: number | undefined): CmaResource {
    const item = this.get(id);
    if (version !== undefined && version !== item.sys.version) throw versionMismatch();
    const { publishedVersion: _published, publishedAt: _at, ...sys } = item.sys;
    item.sys = { ...sys, version: item.sys.version + 1, updatedAt: new Date().toISOString() };
    return item;
  }

  delete(id: string, version: number | undefined): void {
    const item = this.get(id);
    if (version !== undefined && version !== item.sys.version) throw versionMismatch();
    if (item.sys.publishedVersion !== undefined) throw new CmaError(400, 'BadRequest', `${this.type} ${id} is published; unpublish it first`);
    this.items.delete(id);
  }

  /** A CMA collection answer, filtered by `sys.id[in]` and `field=value` on sys paths, paged with skip/limit (max 1000). */
  list(query: Record<string, unknown>, filter: (item: CmaResource) => boolean = () => true): Record<string, unknown> {
    const ids = typeof query['sys.id[in]'] === 'string' ? new Set(query['sys.id[in]'].split(',')) : undefined;
    const all = [...this.items.values()].filter((item) => (!ids || ids.has(item.sys.id)) && filter(item));
    const skip = Math.max(0, Number(query.skip ?? 0) || 0);
    const limit = Number(query.limit ?? 100) || 100;
    if (limit > 1000) throw new CmaError(400, 'BadRequest', 'The limit must be at most 1000.', { errors: [{ name: 'max', path: ['limit'], max: 1000 }] });
    return { sys: { type: 'Array' }, total: all.length, skip, limit, items: all.slice(skip, skip + limit) };
  }
}

function stripSys(body: Record<string, unknown>): Record<string, unknown> {
  const { sys: _sys, ...rest } = body;
  return rest;
}
