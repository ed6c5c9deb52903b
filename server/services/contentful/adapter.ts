import { STATUS_CODES } from 'node:http';

import type { CreateClientParams } from 'contentful';
import type { CdaEngine } from './engine.ts';

/** The axios adapter type the contentful SDK accepts (`createClient({ adapter })`). */
export type CdaAxiosAdapter = Extract<NonNullable<CreateClientParams['adapter']>, (...args: never[]) => unknown>;
type AdapterConfig = Parameters<CdaAxiosAdapter>[0];
type AdapterResult = Awaited<ReturnType<CdaAxiosAdapter>>;

export interface CdaAdapterOptions {
  /** Answer as the Content Preview API (drafts included). Omit to let the engine's tokens decide. */
  preview?: boolean;
}

/**
 * An axios adapter that answers the SDK's requests from the engine, in
 * process: no socket, no serialization beyond the JSON text axios expects
 * (which also gives every call its own copy of the data). Non-2xx answers
 * reject like axios's own adapters do, so the SDK's error handling and
 * `retryOnError` see what they would see over HTTP (ADR 002).
 */
export function createCdaAdapter(engine: CdaEngine, options: CdaAdapterOptions = {}): CdaAxiosAdapter {
  return async (config: AdapterConfig): Promise<AdapterResult> => {
    const url = new URL(fullUrl(config));
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      query[key] ??= value;
    });
    for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      query[key] = Array.isArray(value) ? value.join(',') : String(value);
    }
    const accessToken = bearerToken(config.headers);
    const answer = engine.handle({
      method: (config.method ?? 'get').toUpperCase(),
      path: url.pathname,
      query,
      ...(options.preview === undefined ? {} : { preview: options.preview }),
      ...(accessToken === undefined ? {} : { accessToken }),
    });
    const response: AdapterResult = {
      data: JSON.stringify(answer.body),
      status: answer.status,
      statusText: STATUS_CODES[answer.status] ?? '',
      headers: answer.headers,
      config,
      request: { path: url.pathname + url.search },
    };
    const validateStatus = config.validateStatus;
    if (!validateStatus || validateStatus(answer.status)) return response;
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

function bearerToken(headers: AdapterConfig['headers'] | undefined): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'authorization' || typeof value !== 'string') continue;
    return value.replace(/^Bearer\s+/i, '');
  }
  return undefined;
}
