import { randomUUID } from 'node:crypto';

import { CmaError, requestVersion } from './store.ts';

import type { Request, Router } from 'express';
import type { FakeCmaState } from './index.ts';
import type { CmaResource } from './store.ts';

const contentTypeOf = (entry: CmaResource) => (entry.sys.contentType as { sys: { id: string } } | undefined)?.sys.id;

/** Entries must name a published content type on create (`X-Contentful-Content-Type`), as the CMA requires. */
function createSys(req: Request, state: FakeCmaState): Record<string, unknown> {
  const contentTypeId = req.get('x-contentful-content-type');
  if (!contentTypeId) throw new CmaError(422, 'ValidationFailed', 'Validation error', { errors: [{ name: 'required', path: ['sys', 'contentType'] }] });
  const contentType = state.contentTypes.items.get(contentTypeId);
  if (!contentType || contentType.sys.publishedVersion === undefined) {
    throw new CmaError(422, 'UnknownContentType', `The content type "${contentTypeId}" does not exist or is not published.`);
  }
  return { contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentTypeId } } };
}

export function mountEntries(environment: Router, state: FakeCmaState): void {
  const { entries } = state;
  environment.get('/entries', (req, res) => {
    const contentType = req.query.content_type ?? req.query['sys.contentType.sys.id'];
    res.json(entries.list(req.query, (entry) => contentType === undefined || contentTypeOf(entry) === contentType));
  });
  environment.get('/entries/:id', (req, res) => {
    res.json(entries.get(req.params.id));
  });
  environment.post('/entries', (req, res) => {
    res.status(201).json(entries.put(randomUUID().replaceAll('-', ''), (req.body ?? {}) as Record<string, unknown>, undefined, createSys(req, state)));
  });
  environment.put('/entries/:id', (req, res) => {
    const created = !entries.items.has(req.params.id);
    const sys = created ? createSys(req, state) : {};
    res.status(created ? 201 : 200).json(entries.put(req.params.id, (req.body ?? {}) as Record<string, unknown>, requestVersion(req), sys));
  });
  environment.put('/entries/:id/published', (req, res) => {
    res.json(entries.publish(req.params.id, requestVersion(req)));
  });
  environment.delete('/entries/:id/published', (req, res) => {
    res.json(entries.unpublish(req.params.id, requestVersion(req)));
  });
  environment.delete('/entries/:id', (req, res) => {
    entries.delete(req.params.id, requestVersion(req));
    res.status(204).end();
  });
}
