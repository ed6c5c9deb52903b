import { STATUS_CODES } from 'node:http';

import { Router } from 'express';

import type { CreateClientParams } from 'contentful';
import type { CdaEngine, CdaRequest } from './engine.ts';

/** The axios adapter type the contentful SDK accepts (`createClient({ adapter })`). */
export type CdaAxiosAdapter = Extract<NonNullable<CreateClientParams['adapter']>, (...args: never[]) => unknown>;
type AdapterConfig = Parameters<CdaAxiosAdapter>[0];
type AdapterResult = Awaited<ReturnType<CdaAxiosAdapter>>;

/** `preview`: answer as the Content Preview API; omit to let the engine's tokens decide (delivery when it has none). */
type CdaTransportOptions = { preview?: boolean };

/** The engine request for a URL: first value per name (so `sys.id[in]` stays flat whatever the app's query parser). */
function toCdaRequest(method: string, url: URL, authorization: unknown, options: CdaTransportOptions, params: Record<string, unknown> = {}): CdaRequest {
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => {
    query[key] ??= value;
  });
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  const accessToken = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '') : undefined;
  return {
    method,
    path: url.pathname,
    query,
    ...(options.preview === undefined ? {} : { preview: options.preview }),
    ...(accessToken === undefined ? {} : { accessToken }),
  };
}

/** The SDK's axios adapter, answered by the engine in process (ADR 002); non-2xx answers reject as axios's own adapters do. */
export function createCdaAdapter(engine: Pick<CdaEngine, 'handle'>, options: CdaTransportOptions = {}): CdaAxiosAdapter {
  return async (config: AdapterConfig): Promise<AdapterResult> => {
    const url = new URL(fullUrl(config));
    const authorization = Object.entries(config.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    const answer = engine.handle(toCdaRequest((config.method ?? 'get').toUpperCase(), url, authorization, options, config.params ?? {}));
    const response: AdapterResult = {
      data: JSON.stringify(answer.body),
      status: answer.status,
      statusText: STATUS_CODES[answer.status] ?? '',
      headers: answer.headers,
      config,
      request: { path: url.pathname + url.search },
    };
    if (!config.validateStatus || config.validateStatus(answer.status)) return response;
    throw Object.assign(new Error(`Request failed with status code ${answer.status}`), {
      name: 'AxiosError',
      isAxiosError: true,
      code: answer.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      status: answer.status,
      config,
      request: response.request,
      response,
    });
  };
}

/** axios's rule: an absolute `url` wins, else it is joined to `baseURL`. */
function fullUrl(config: AdapterConfig): string {
  const url = config.url ?? '';
  if (/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url) || !config.baseURL) return new URL(url, 'http://embedded.invalid').href;
  return `${config.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** The engine over HTTP with the CDA's URL layout, mounted at `/` (the SDK then takes `host: '127.0.0.1:<port>', insecure: true`). */
export function createCdaRouter(engine: CdaEngine, options: CdaTransportOptions = {}): Router {
  const router = Router();
  router.use((req, res) => {
    const answer = engine.handle(toCdaRequest(req.method, new URL(req.url, 'http://embedded.invalid'), req.get('authorization'), options));
    res.status(answer.status).set(answer.headers).send(JSON.stringify(answer.body));
  });
  return router;
}
