import { CmaError, notFound, requestVersion } from './store.ts';

import type { Router } from 'express';
import type { FakeCmaState } from './index.ts';
import type { CmaResource } from './store.ts';

interface FieldBody {
  id: string;
  type: string;
  linkType?: string;
  items?: { type: string; linkType?: string };
}

const DEFAULT_WIDGETS: Record<string, string> = {
  Symbol: 'singleLine',
  Text: 'markdown',
  RichText: 'richTextEditor',
  Integer: 'numberEditor',
  Number: 'numberEditor',
  Date: 'datePicker',
  Location: 'locationEditor',
  Boolean: 'boolean',
  Object: 'objectEditor',
  'Link:Entry': 'entryLinkEditor',
  'Link:Asset': 'assetLinkEditor',
  'Array:Symbol': 'tagEditor',
  'Array:Link:Entry': 'entryLinksEditor',
  'Array:Link:Asset': 'assetLinksEditor',
};

function defaultWidget(field: FieldBody): string {
  const key = field.type === 'Array' ? `Array:${[field.items?.type, field.items?.linkType].filter(Boolean).join(':')}` : field.type;
  return DEFAULT_WIDGETS[field.type === 'Link' ? `Link:${field.linkType}` : key] ?? 'singleLine';
}

const validationFailed = (errors: { name: string; path: unknown[]; details: string }[]) =>
  new CmaError(422, 'ValidationFailed', 'Validation error', { errors });

/** The checks the CMA makes when a content type is saved: a name, unique field ids, a display field that is a Symbol. */
function validateContentType(body: Record<string, unknown>): void {
  const fields = Array.isArray(body.fields) ? (body.fields as FieldBody[]) : [];
  const errors: { name: string; path: unknown[]; details: string }[] = [];
  if (typeof body.name !== 'string' || body.name === '') errors.push({ name: 'required', path: ['name'], details: 'The property "name" is required' });
  const ids = fields.map((field) => field.id);
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) errors.push({ name: 'unique', path: ['fields', index, 'id'], details: `Field id "${id}" is not unique` });
  });
  if (body.displayField != null) {
    const display = fields.find((field) => field.id === body.displayField);
    if (!display || !['Symbol', 'Text'].includes(display.type)) {
      errors.push({ name: 'displayField', path: ['displayField'], details: 'Display field must be a Symbol or Text field of this content type' });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** The CMA answers every field with its flags spelled out. */
function withFieldDefaults(body: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(body.fields)) return body;
  const defaults = { localized: false, required: false, validations: [], disabled: false, omitted: false };
  return { ...body, fields: (body.fields as object[]).map((field) => ({ ...defaults, ...field })) };
}

/** On publish the CMA keeps the editor interface in step with the fields: new fields get their default widget. */
function syncEditorInterface(state: FakeCmaState, contentType: CmaResource): void {
  const fields = (contentType.fields ?? []) as FieldBody[];
  const id = contentType.sys.id;
  const existing = state.editorInterfaces.items.get(id);
  const controls = (existing?.controls ?? []) as { fieldId: string }[];
  const kept = controls.filter((control) => fields.some((field) => field.id === control.fieldId));
  const added = fields
    .filter((field) => !kept.some((control) => control.fieldId === field.id))
    .map((field) => ({ fieldId: field.id, widgetId: defaultWidget(field), widgetNamespace: 'builtin' }));
  const body = { ...existing, controls: [...kept, ...added] };
  state.editorInterfaces.put(id, body, existing?.sys.version, { id: 'default', contentType: { sys: { type: 'Link', linkType: 'ContentType', id } } });
}

export function mountContentModel(environment: Router, state: FakeCmaState): void {
  const { contentTypes, editorInterfaces, locales } = state;
  environment.get('/content_types', (req, res) => {
    res.json(contentTypes.list(req.query));
  });
  environment.get('/content_types/:id', (req, res) => {
    res.json(contentTypes.get(req.params.id));
  });
  environment.put('/content_types/:id', (req, res) => {
    const body = withFieldDefaults((req.body ?? {}) as Record<string, unknown>);
    validateContentType(body);
    const version = requestVersion(req);
    const created = !contentTypes.items.has(req.params.id);
    res.status(created ? 201 : 200).json(contentTypes.put(req.params.id, body, version));
  });
  environment.put('/content_types/:id/published', (req, res) => {
    const contentType = contentTypes.publish(req.params.id, requestVersion(req));
    syncEditorInterface(state, contentType);
    res.json(contentType);
  });
  environment.delete('/content_types/:id/published', (req, res) => {
    res.json(contentTypes.unpublish(req.params.id, requestVersion(req)));
  });
  environment.delete('/content_types/:id', (req, res) => {
    contentTypes.delete(req.params.id, requestVersion(req));
    editorInterfaces.items.delete(req.params.id);
    res.status(204).end();
  });
  environment.get('/editor_interfaces', (req, res) => {
    res.json(editorInterfaces.list(req.query));
  });
  environment.get('/content_types/:id/editor_interface', (req, res) => {
    if (!editorInterfaces.items.has(req.params.id)) throw notFound('EditorInterface', req.params.id);
    res.json(editorInterfaces.get(req.params.id));
  });
  environment.put('/content_types/:id/editor_interface', (req, res) => {
    if (!editorInterfaces.items.has(req.params.id)) throw notFound('EditorInterface', req.params.id);
    res.json(editorInterfaces.put(req.params.id, (req.body ?? {}) as Record<string, unknown>, requestVersion(req)));
  });
  mountLocales(environment, locales);
}

function mountLocales(environment: Router, locales: FakeCmaState['locales']): void {
  let nextId = 1;
  const byCode = (code: unknown) => [...locales.items.values()].find((locale) => locale.code === code);
  const validate = (body: Record<string, unknown>, id?: string) => {
    if (typeof body.code !== 'string' || body.code === '')
      throw validationFailed([{ name: 'required', path: ['code'], details: 'The property "code" is required' }]);
    const clash = byCode(body.code);
    if (clash && clash.sys.id !== id) throw validationFailed([{ name: 'taken', path: ['code'], details: `Locale code "${body.code}" is already taken` }]);
    if (body.fallbackCode != null && !byCode(body.fallbackCode)) {
      throw validationFailed([{ name: 'fallbackCode', path: ['fallbackCode'], details: `Fallback locale "${String(body.fallbackCode)}" does not exist` }]);
    }
  };
  environment.get('/locales', (req, res) => {
    res.json(locales.list(req.query));
  });
  environment.get('/locales/:id', (req, res) => {
    res.json(locales.get(req.params.id));
  });
  environment.post('/locales', (req, res) => {
    const body = { default: false, optional: false, fallbackCode: null, ...((req.body ?? {}) as Record<string, unknown>) };
    validate(body);
    res.status(201).json(locales.put(`locale-${nextId++}`, body, undefined));
  });
  environment.put('/locales/:id', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    validate(body, req.params.id);
    res.json(locales.put(req.params.id, body, requestVersion(req)));
  });
  environment.delete('/locales/:id', (req, res) => {
    if (locales.get(req.params.id).default === true)
      throw validationFailed([{ name: 'default', path: ['default'], details: 'The default locale cannot be deleted' }]);
    locales.items.delete(req.params.id);
    res.status(204).end();
  });
}
