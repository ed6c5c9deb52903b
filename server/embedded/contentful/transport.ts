import { STATUS_CODES } from 'node:http';

import axios from 'axios';

import type { CreateClientParams } from 'contentful';
import type { CdaEngine, CdaRequest } from './engine.ts';

export type CdaAxiosAdapter = Extract<NonNullable<CreateClientParams['adapter']>, (...args: never[]) => unknown>;
type AdapterConfig = Parameters<CdaAxiosAdapter>[0];
type AdapterResult = Awaited<ReturnType<CdaAxiosAdapter>>;

/** First value per name, so `sys.id[in]` stays flat whatever the app's query parser. */
function toCdaRequest(method: string, url: URL, preview: boolean | undefined, params: Record<string, unknown>): CdaRequest {
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => void (query[key] ??= value));
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return { method, path: url.pathname, query, ...(preview === undefined ? {} : { preview }) };
}

/** In process (ADR 002); non-2xx answers reject as axios's own adapters do. */
export function createCdaAdapter(engine: Pick<CdaEngine, 'handle'>, options: { preview?: boolean } = {}): CdaAxiosAdapter {
  return async (config: AdapterConfig): Promise<AdapterResult> => {
    // axios's rule: an absolute `url` wins, else it is joined to `baseURL`.
    const url = new URL(axios.getUri({ ...config, params: undefined }), 'http://embedded.invalid');
    const answer = engine.handle(toCdaRequest((config.method ?? 'get').toUpperCase(), url, options.preview, config.params ?? {}));
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
