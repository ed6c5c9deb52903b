/**
 * A wire-level fake of the Contentful Content Management API for tests: an HTTP server on 127.0.0.1:<port 0>
 * that the real `contentful-management`, `contentful-migration` and `contentful-import` clients talk to over
 * plain http (host `127.0.0.1:<port>`, `insecure: true`). It keeps state in memory, records every call, answers
 * errors in the CMA's shape (`{ sys: { type: 'Error', id }, message }`), 401 on a wrong token, 409 VersionMismatch.
 *
 * Extension point: `startFakeCma({ routes: [myRoutes] })`, where `myRoutes(routers, state)` adds handlers to
 * `routers.space` (`/spaces/:spaceId/…`) or `routers.environment` (`/spaces/:spaceId/environments/:env/…`) and keeps
 * its resources in `state.collection('Asset')` (a VersionedCollection from ./store.ts). Handlers throw CmaError
 * for error answers. Built in: the space, environments, content types, editor interfaces, locales and entries.
 */
import { once } from 'node:events';

import express from 'express';

import { mountContentModel } from './content-model.ts';
import { mountEntries } from './entries.ts';
import { CmaError, sendCmaError, VersionedCollection } from './store.ts';

import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response, Router } from 'express';

export { CmaError, notFound, requestVersion, VersionedCollection } from './store.ts';
export type { CmaResource, CmaSys } from './store.ts';

export interface CmaCall {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, unknown>;
  body: unknown;
}

export interface FakeCmaState {
  readonly spaceId: string;
  readonly environmentId: string;
  readonly token: string;
  readonly contentTypes: VersionedCollection;
  readonly editorInterfaces: VersionedCollection;
  readonly locales: VersionedCollection;
  readonly entries: VersionedCollection;
  /** The collection of resources of one sys.type, created on first use. */
  collection(type: string): VersionedCollection;
  /** `sys.space` and `sys.environment` links, for resources extensions create. */
  links(): Record<string, unknown>;
}

export type FakeCmaRoutes = (routers: { space: Router; environment: Router }, state: FakeCmaState) => void;

export interface FakeCmaOptions {
  spaceId?: string;
  environmentId?: string;
  token?: string;
  routes?: FakeCmaRoutes[];
  /** Fault injection: an error to answer a call with instead of handling it (it is still recorded). */
  fault?: (call: CmaCall) => CmaError | undefined;
}

export interface FakeCma {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, what the clients take as `host`. */
  host: string;
  state: FakeCmaState;
  calls: CmaCall[];
  /** Every call that is not a GET. */
  writes(): CmaCall[];
  close(): Promise<void>;
}

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

function createState({ spaceId = 'test-space', environmentId = 'master', token = 'test-management-token' }: FakeCmaOptions): FakeCmaState {
  const links = () => ({ space: link('Space', spaceId), environment: link('Environment', environmentId) });
  const collections = new Map<string, VersionedCollection>();
  const collection = (type: string) => {
    if (!collections.has(type)) collections.set(type, new VersionedCollection(type, links));
    return collections.get(type) as VersionedCollection;
  };
  const locales = collection('Locale');
  locales.put('en-us-locale', { code: 'en-US', name: 'English (United States)', default: true, fallbackCode: null, optional: false }, undefined);
  return {
    spaceId,
    environmentId,
    token,
    contentTypes: collection('ContentType'),
    editorInterfaces: collection('EditorInterface'),
    locales,
    entries: collection('Entry'),
    collection,
    links,
  };
}

let requestCounter = 0;

function authenticate(state: FakeCmaState) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.get('authorization') !== `Bearer ${state.token}`) {
      throw new CmaError(401, 'AccessTokenInvalid', 'The access token you sent could not be found or is invalid.');
    }
    next();
  };
}

function createRouters(state: FakeCmaState, extensions: FakeCmaRoutes[]) {
  const space = express.Router({ mergeParams: true });
  const environment = express.Router({ mergeParams: true });
  space.use((req, _res, next) => {
    if (req.params.spaceId !== state.spaceId)
      throw new CmaError(404, 'NotFound', 'The resource could not be found.', { type: 'Space', id: req.params.spaceId });
    next();
  });
  environment.use((req, _res, next) => {
    const id = req.params.environmentId;
    if (id !== state.environmentId) throw new CmaError(404, 'NotFound', 'The resource could not be found.', { type: 'Environment', id });
    next();
  });
  const environmentBody = () => ({ sys: { type: 'Environment', id: state.environmentId, status: link('Status', 'ready') }, name: state.environmentId });
  space.get('/', (_req, res) => {
    res.json({ sys: { type: 'Space', id: state.spaceId }, name: `Space ${state.spaceId}` });
  });
  space.get('/environments', (_req, res) => {
    res.json({ sys: { type: 'Array' }, total: 1, skip: 0, limit: 100, items: [environmentBody()] });
  });
  environment.get('/', (_req, res) => {
    res.json(environmentBody());
  });
  mountContentModel(environment, state);
  mountEntries(environment, state);
  for (const extend of extensions) extend({ space, environment }, state);
  return { space, environment };
}

export async function startFakeCma(options: FakeCmaOptions = {}): Promise<FakeCma> {
  const state = createState(options);
  const calls: CmaCall[] = [];
  const app = express();
  app.use(express.json({ type: ['application/json', 'application/vnd.contentful.management.v1+json'], limit: '5mb' }));
  app.use((req, _res, next) => {
    const call = { method: req.method, path: req.path, query: { ...req.query }, body: req.body };
    calls.push(call);
    const fault = options.fault?.(call);
    if (fault) throw fault;
    next();
  });
  app.use(authenticate(state));
  const { space, environment } = createRouters(state, options.routes ?? []);
  space.use('/environments/:environmentId', environment);
  app.use('/spaces/:spaceId', space);
  app.use((req) => {
    throw new CmaError(404, 'NotFound', `The fake CMA has no route for ${req.method} ${req.path}.`);
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const message = error instanceof Error ? error.message : String(error);
    // express.json() marks unparsable or oversized bodies with a 4xx status.
    const status = (error as { status?: unknown }).status;
    const known =
      error instanceof CmaError
        ? error
        : typeof status === 'number' && status < 500
          ? new CmaError(status, 'BadRequest', message)
          : new CmaError(500, 'InternalServerError', message);
    sendCmaError(res, known, `fake-cma-${++requestCounter}`);
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    state,
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
