import type { CdnConfig } from '#server/config-cdn.ts';

export interface PurgeProvider {
  /** Keys per call: Fastly takes 256 in one Surrogate-Key header, Cloudflare documents 30 tags per purge_cache call. */
  batchSize: number;
  request(keys: readonly string[]): { url: string; init: RequestInit };
  /** Cloudflare answers a 2xx with `{"success": false, "errors": […]}`. */
  succeeded(body: string): boolean;
}

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
