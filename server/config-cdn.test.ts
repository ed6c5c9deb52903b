import { describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import { configIssues as issuesOf } from '../tests/support/config-issues.ts';

const SECRET = { CONTENTFUL_WEBHOOK_SECRET: 'w'.repeat(64) };
const FASTLY = { CDN_PURGE: 'fastly', FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', FASTLY_API_TOKEN: 'token', ...SECRET };
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';

describe('CDN purge configuration', () => {
  it('is off unless CDN_PURGE names a provider', () => {
    expect(loadConfig({ FASTLY_API_TOKEN: 'token' }).cdn).toBeUndefined();
  });

  it('reads Fastly and Cloudflare with their default API origins', () => {
    expect(loadConfig(FASTLY).cdn).toEqual({ provider: 'fastly', target: 'SU1Z0isxPaozGVKXdv0eY', token: 'token', apiUrl: 'https://api.fastly.com' });
    expect(loadConfig({ CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: 'cf', ...SECRET }).cdn).toMatchObject({
      provider: 'cloudflare',
      target: ZONE,
      apiUrl: 'https://api.cloudflare.com/client/v4',
    });
  });

  it.each([
    [{ CDN_PURGE: 'akamai' }, 'CDN_PURGE: must be fastly or cloudflare (or unset for no purge)'],
    [{ ...FASTLY, FASTLY_API_TOKEN: '' }, 'FASTLY_SERVICE_ID, FASTLY_API_TOKEN: required when CDN_PURGE=fastly'],
    [{ CDN_PURGE: 'cloudflare', ...SECRET }, 'CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN: required when CDN_PURGE=cloudflare'],
    [{ ...FASTLY, CONTENTFUL_WEBHOOK_SECRET: '' }, 'CDN_PURGE: needs CONTENTFUL_WEBHOOK_SECRET, since purges follow signed content webhooks'],
    [{ ...FASTLY, FASTLY_API_URL: 'http://fastly.internal' }, 'FASTLY_API_URL: must be https (http only to localhost): the API token travels with every purge'],
    [{ ...FASTLY, FASTLY_SERVICE_ID: '../zones' }, 'FASTLY_SERVICE_ID: must be a Fastly service id (letters and digits)'],
    [{ CLOUDFLARE_ZONE_ID: 'example.com' }, 'CLOUDFLARE_ZONE_ID: must be a Cloudflare zone id (32 hex digits)'],
    [{ ...FASTLY, FASTLY_API_TOKEN: 'two words' }, 'FASTLY_API_TOKEN: must be printable ASCII without spaces'],
  ])('refuses %o', (env, issue) => {
    expect(issuesOf(env)).toEqual([issue]);
  });
});
