import type { CdnConfig } from '#server/config-cdn.ts';

/** One purge-by-key call of a CDN's API, as documented by the provider. */
export interface PurgeProvider {
  /** Keys per call: Fastly takes 256 in one Surrogate-Key header, Cloudflare documents 30 tags per purge_cache call. */
  batchSize: number;
  request(keys: readonly string[]): { url: string; init: RequestInit };
  /** Whether a 2xx answer's body reports success (Cloudflare answers `{"success": false, "errors": […]}`). */
  succeeded(body: string): boolean;
}

/** `POST /service/{id}/purge` with the keys in a Surrogate-Key header (Fastly's batch purge; hard purge). */
function fastly(config: CdnConfig): PurgeProvider {
  return {
    batchSize: 256,
    request: (keys) => ({
      url: `${config.apiUrl}/service/${encodeURIComponent(config.target)}/purge`,
      init: { method: 'POST', headers: { 'Fastly-Key': config.token, 'Surrogate-Key': keys.join(' '), Accept: 'application/json' } },
    }),
    succeeded: () => true,
  };
}

/** `POST /zones/{zone}/purge_cache` with `{"tags": […]}`, Bearer token (Cloudflare's purge by cache tag). */
function cloudflare(config: CdnConfig): PurgeProvider {
  return {
    batchSize: 30,
    request: (keys) => ({
      url: `${config.apiUrl}/zones/${encodeURIComponent(config.target)}/purge_cache`,
      init: {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ tags: keys }),
      },
    }),
    succeeded(body) {
      try {
        return (JSON.parse(body) as { success?: unknown }).success === true;
      } catch {
        return false;
      }
    },
  };
}

export const purgeProvider = (config: CdnConfig): PurgeProvider => (config.provider === 'fastly' ? fastly(config) : cloudflare(config));
