import { createServer } from 'node:http';

import type { AddressInfo } from 'node:net';

/**
 * Wire-level fakes of Fastly's and Cloudflare's purge-by-key APIs on one local HTTP server:
 * `POST /service/{id}/purge` (Fastly-Key, keys in the Surrogate-Key header; answers `{key: purgeId}`)
 * and `POST /client/v4/zones/{zone}/purge_cache` (Bearer token, `{"tags": […]}` of at most 30;
 * answers Cloudflare's `{success, errors, messages, result}` envelope). Every request is recorded;
 * `answerNext` scripts the next answers (a 429 with Retry-After, a 500…).
 */
export const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY';
export const FASTLY_TOKEN = 'fastly-token-0123456789';
export const CLOUDFLARE_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
export const CLOUDFLARE_TOKEN = 'cf-token-0123456789';

export interface CdnRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface FakeCdn {
  url: string;
  /** Env for CDN_PURGE=fastly or cloudflare against this fake. */
  env(provider: 'fastly' | 'cloudflare'): Record<string, string>;
  requests: CdnRequest[];
  answerNext(...answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests arrived. */
  received(count: number): Promise<CdnRequest[]>;
  close(): Promise<void>;
}

const json = (status: number, body: unknown): ScriptedAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const cfError = (status: number, code: number, message: string) => json(status, { success: false, errors: [{ code, message }], messages: [], result: null });

function fastlyAnswer(req: CdnRequest, service: string): ScriptedAnswer {
  if (req.headers['fastly-key'] !== FASTLY_TOKEN) return json(401, { msg: 'Provided credentials are missing or invalid' });
  if (service !== FASTLY_SERVICE) return json(404, { msg: 'Record not found', detail: 'Cannot find service' });
  const keys = String(req.headers['surrogate-key'] ?? '')
    .split(' ')
    .filter(Boolean);
  if (keys.length === 0 || keys.length > 256) return json(400, { msg: 'Bad request', detail: 'Surrogate-Key must list 1 to 256 keys' });
  return json(200, Object.fromEntries(keys.map((key, i) => [key, `purge-${i}`])));
}

function cloudflareAnswer(req: CdnRequest, zone: string): ScriptedAnswer {
  if (req.headers['authorization'] !== `Bearer ${CLOUDFLARE_TOKEN}`) return cfError(403, 10000, 'Authentication error');
  if (zone !== CLOUDFLARE_ZONE) return cfError(404, 7003, 'Could not route to /zones/…, perhaps your object identifier is invalid?');
  let tags: unknown;
  try {
    tags = (JSON.parse(req.body) as { tags?: unknown }).tags;
  } catch {
    return cfError(400, 1012, 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"');
  }
  if (!Array.isArray(tags) || tags.length === 0 || tags.some((t) => typeof t !== 'string')) return cfError(400, 1012, 'tags must be a list of strings');
  if (tags.length > 30) return cfError(400, 1014, 'Too many tags in a single request (max 30)');
  return json(200, { success: true, errors: [], messages: [], result: { id: zone } });
}

export async function startFakeCdn(): Promise<FakeCdn> {
  const requests: CdnRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  const waiters: Array<{ count: number; resolve: (r: CdnRequest[]) => void }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const fastly = /^\/service\/([^/]+)\/purge$/.exec(recorded.path);
      const cloudflare = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(recorded.path);
      const answer =
        scripted.shift() ??
        (recorded.method !== 'POST'
          ? json(405, { msg: 'Method not allowed' })
          : fastly?.[1]
            ? fastlyAnswer(recorded, fastly[1])
            : cloudflare?.[1]
              ? cloudflareAnswer(recorded, cloudflare[1])
              : json(404, { msg: 'Not found' }));
      res.writeHead(answer.status, answer.headers).end(answer.body);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...requests]);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: (provider): Record<string, string> =>
      provider === 'fastly'
        ? { CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: FASTLY_SERVICE, FASTLY_API_TOKEN: FASTLY_TOKEN, FASTLY_API_URL: url }
        : { CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: CLOUDFLARE_ZONE, CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN, CLOUDFLARE_API_URL: `${url}/client/v4` },
    requests,
    answerNext: (...answers) => void scripted.push(...answers),
    received: (count) => (requests.length >= count ? Promise.resolve([...requests]) : new Promise((resolve) => void waiters.push({ count, resolve }))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
