/**
 * Assets and uploads for the fake CMA (an extension: `startFakeCma({ routes: [assetRoutes] })`). As on Contentful, an asset is
 * created with `file.uploadFrom` naming an upload, and processing (`PUT …/files/:locale/process`) turns that into a `url`;
 * the fake processes at once, so the SDK's first poll sees the url.
 */
import { randomUUID } from 'node:crypto';

import express from 'express';

import { CmaError, requestVersion } from './store.ts';

import type { FakeCmaRoutes } from './index.ts';

interface AssetFile {
  contentType?: string;
  fileName?: string;
  url?: string;
  uploadFrom?: { sys: { id: string } };
  details?: { size: number };
}

/** Contentful's single-upload limit is 1000 MB; the fake keeps uploads in memory, so it takes far less. */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const assetRoutes: FakeCmaRoutes = ({ environment }, state) => {
  const assets = state.collection('Asset');
  const uploads = state.collection('Upload');
  const body = (raw: unknown) => (raw ?? {}) as Record<string, unknown>;

  environment.post('/uploads', express.raw({ type: 'application/octet-stream', limit: MAX_UPLOAD_BYTES }), (req, res) => {
    const size = Buffer.isBuffer(req.body) ? req.body.length : 0;
    if (size === 0) throw new CmaError(400, 'BadRequest', 'The upload body is empty (send the file as application/octet-stream).');
    const expiresAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    res.status(201).json(uploads.put(randomUUID().replaceAll('-', ''), { size }, undefined, { expiresAt }));
  });
  environment.get('/assets', (req, res) => {
    res.json(assets.list(req.query));
  });
  environment.get('/assets/:id', (req, res) => {
    res.json(assets.get(req.params.id));
  });
  environment.put('/assets/:id', (req, res) => {
    const created = !assets.items.has(req.params.id);
    res.status(created ? 201 : 200).json(assets.put(req.params.id, body(req.body), requestVersion(req)));
  });
  environment.put('/assets/:id/files/:locale/process', (req, res) => {
    const asset = assets.get(req.params.id);
    const files = ((asset.fields as { file?: Record<string, AssetFile> } | undefined)?.file ?? {}) as Record<string, AssetFile>;
    const file = files[req.params.locale];
    const upload = file?.uploadFrom ? uploads.items.get(file.uploadFrom.sys.id) : undefined;
    if (!file || !upload)
      throw new CmaError(422, 'ValidationFailed', 'Validation error', {
        errors: [{ name: 'required', path: ['fields', 'file', req.params.locale, 'uploadFrom'], details: 'The file has no upload to process' }],
      });
    const { uploadFrom: _upload, ...rest } = file;
    const processed = {
      ...rest,
      url: `//assets.ctfassets.net/${state.spaceId}/${asset.sys.id}/${upload.sys.id}/${file.fileName}`,
      details: { size: upload.size },
    };
    const fields = { ...(asset.fields as object), file: { ...files, [req.params.locale]: processed } };
    assets.put(asset.sys.id, { ...asset, fields }, requestVersion(req));
    res.status(204).end();
  });
  environment.put('/assets/:id/published', (req, res) => {
    const files = Object.values(((assets.get(req.params.id).fields as { file?: object })?.file ?? {}) as Record<string, AssetFile>);
    if (files.length === 0 || files.some((f) => !f.url))
      throw new CmaError(422, 'ValidationFailed', 'Validation error', { errors: [{ name: 'notProcessed' }] });
    res.json(assets.publish(req.params.id, requestVersion(req)));
  });
  environment.delete('/assets/:id/published', (req, res) => {
    res.json(assets.unpublish(req.params.id, requestVersion(req)));
  });
};
