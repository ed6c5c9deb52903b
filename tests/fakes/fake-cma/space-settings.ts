/**
 * Tags, API keys, webhooks and the webhook signing secret for the fake CMA (an extension: `startFakeCma({ routes: [spaceSettingsRoutes] })`),
 * answering in the CMA's shapes: a tag's visibility is set once from `X-Contentful-Tag-Visibility`, an API key comes with its preview
 * key, the signing secret is write-only (GET shows its last 4 characters).
 */
import { randomBytes } from 'node:crypto';

import { CmaError, notFound, requestVersion } from './store.ts';

import type { FakeCmaRoutes } from './index.ts';

const invalid = (path: string[], details: string) =>
  new CmaError(422, 'ValidationFailed', 'Validation error', { errors: [{ name: 'invalid', path, details }] });
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const token = () => randomBytes(24).toString('base64url');

export const spaceSettingsRoutes: FakeCmaRoutes = ({ space, environment }, state) => {
  const tags = state.collection('Tag');
  const apiKeys = state.collection('ApiKey');
  const previewKeys = state.collection('PreviewApiKey');
  const webhooks = state.collection('WebhookDefinition');
  const previews = state.collection('PreviewEnvironment');
  let signingSecret: string | undefined;
  let nextId = 1;
  const body = (raw: unknown) => (raw ?? {}) as Record<string, unknown>;

  // The legacy client (contentful-import's) reads the space id from the environment's sys.space, as the CMA sends it.
  space.get('/environments/:environmentId', (req, res, next) => {
    if (req.params.environmentId !== state.environmentId) return next();
    res.json({
      sys: { type: 'Environment', id: state.environmentId, space: link('Space', state.spaceId), status: link('Status', 'ready') },
      name: state.environmentId,
    });
  });
  environment.get('/tags', (req, res) => {
    res.json(tags.list(req.query));
  });
  environment.put('/tags/:id', (req, res) => {
    const data = body(req.body);
    if (typeof data.name !== 'string' || data.name === '') throw invalid(['name'], 'The property "name" is required');
    const clash = [...tags.items.values()].find((tag) => tag.name === data.name && tag.sys.id !== req.params.id);
    if (clash) throw new CmaError(422, 'ValidationFailed', 'Validation error', { errors: [{ name: 'taken', path: ['name'], value: data.name }] });
    const created = !tags.items.has(req.params.id);
    const visibility = req.get('x-contentful-tag-visibility') ?? 'private';
    if (created && visibility !== 'public' && visibility !== 'private') throw invalid(['sys', 'visibility'], 'must be public or private');
    res.status(created ? 201 : 200).json(tags.put(req.params.id, { name: data.name }, requestVersion(req), created ? { visibility } : {}));
  });

  space.get('/api_keys', (req, res) => {
    res.json(apiKeys.list(req.query));
  });
  space.get('/api_keys/:id', (req, res) => {
    res.json(apiKeys.get(req.params.id));
  });
  space.post('/api_keys', (req, res) => {
    const data = body(req.body);
    if (typeof data.name !== 'string' || data.name === '') throw invalid(['name'], 'The property "name" is required');
    const id = `key-${nextId++}`;
    const environments = Array.isArray(data.environments) ? data.environments : [link('Environment', 'master')];
    previewKeys.put(`preview-${id}`, { name: data.name, environments, accessToken: token() }, undefined);
    const apiKey = {
      name: data.name,
      description: data.description ?? null,
      environments,
      accessToken: token(),
      preview_api_key: link('PreviewApiKey', `preview-${id}`),
    };
    res.status(201).json(apiKeys.put(id, apiKey, undefined));
  });
  space.put('/api_keys/:id', (req, res) => {
    const current = apiKeys.get(req.params.id);
    const { accessToken, preview_api_key } = current;
    res.json(apiKeys.put(req.params.id, { ...body(req.body), accessToken, preview_api_key }, requestVersion(req)));
  });
  space.get('/preview_api_keys/:id', (req, res) => {
    res.json(previewKeys.get(req.params.id));
  });

  space.get('/webhook_definitions', (req, res) => {
    res.json(webhooks.list(req.query));
  });
  const checkWebhook = (data: Record<string, unknown>) => {
    if (typeof data.url !== 'string' || !/^https?:\/\//.test(data.url)) throw invalid(['url'], 'must be an http(s) URL');
    if (!Array.isArray(data.topics) || data.topics.length === 0) throw invalid(['topics'], 'at least one topic is required');
    return data;
  };
  space.post('/webhook_definitions', (req, res) => {
    res.status(201).json(webhooks.put(`webhook-${nextId++}`, checkWebhook(body(req.body)), undefined));
  });
  space.put('/webhook_definitions/:id', (req, res) => {
    if (!webhooks.items.has(req.params.id)) throw notFound('WebhookDefinition', req.params.id);
    res.json(webhooks.put(req.params.id, checkWebhook(body(req.body)), requestVersion(req)));
  });
  // Content preview platforms: a name and one URL per content type ({entry.fields.slug} and the like are Contentful's to fill in).
  const checkPreview = (data: Record<string, unknown>) => {
    if (typeof data.name !== 'string' || data.name === '') throw invalid(['name'], 'The property "name" is required');
    const configurations = Array.isArray(data.configurations) ? (data.configurations as Record<string, unknown>[]) : [];
    const bad = configurations.findIndex((c) => typeof c.contentType !== 'string' || typeof c.url !== 'string' || !/^https?:\/\//.test(c.url));
    if (bad >= 0) throw invalid(['configurations', String(bad)], 'needs a contentType and an http(s) url');
    return { name: data.name, description: data.description ?? null, configurations };
  };
  space.get('/preview_environments', (req, res) => {
    res.json(previews.list(req.query));
  });
  space.post('/preview_environments', (req, res) => {
    res.status(201).json(previews.put(`preview-env-${nextId++}`, checkPreview(body(req.body)), undefined));
  });
  space.put('/preview_environments/:id', (req, res) => {
    if (!previews.items.has(req.params.id)) throw notFound('PreviewEnvironment', req.params.id);
    res.json(previews.put(req.params.id, checkPreview(body(req.body)), requestVersion(req)));
  });
  space.get('/webhook_settings/signing_secret', (_req, res) => {
    if (!signingSecret) throw notFound('WebhookSigningSecret', 'signing_secret');
    res.json({ sys: { type: 'WebhookSigningSecret', id: 'signing_secret', space: link('Space', state.spaceId) }, redactedValue: signingSecret.slice(-4) });
  });
  space.put('/webhook_settings/signing_secret', (req, res) => {
    const value = body(req.body).value;
    if (typeof value !== 'string' || !/^[A-Za-z0-9]{64}$/.test(value)) throw invalid(['value'], 'must be 64 characters of [A-Za-z0-9]');
    signingSecret = value;
    res.json({ sys: { type: 'WebhookSigningSecret', id: 'signing_secret', space: link('Space', state.spaceId) }, redactedValue: value.slice(-4) });
  });
};
