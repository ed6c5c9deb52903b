import { describe, expect, it } from 'vitest';

import { loadConfig, publicConfig } from '#server/config.ts';
import { configIssues as issuesOf } from '../tests/support/config-issues.ts';

describe('loadConfig', () => {
  it('runs with no variables at all: production, port 3000, embedded engines', () => {
    const config = loadConfig({}, '9.9.9');

    expect(config.env).toBe('production');
    expect(config.isDev).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.version).toBe('9.9.9');
    expect(config.trustProxy).toBe(false);
    expect(config.contentful.remote).toBeUndefined();
    expect(config.algolia.remote).toBeUndefined();
    expect(config.insights).toMatchObject({ enabled: true, selfHosted: true, basePath: '/_insights' });
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '  ', CONTENTFUL_SPACE_ID: 's', CONTENTFUL_ACCESS_TOKEN: 't', CONTENTFUL_ENVIRONMENT: '', TRUST_PROXY: '' });

    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.contentful.remote?.environment).toBe('master');
    expect(config.trustProxy).toBe(false);
  });

  it('accepts PORT=0 for an ephemeral port', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    ['PORT', 'abc', 'PORT: must be a number'],
    ['PORT', '70000', 'PORT: must be at most 65535'],
    ['PORT', '1.5', 'PORT: must be a whole number'],
    ['NODE_ENV', 'prod', 'NODE_ENV: must be development, production or test'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: must be a pino level'],
    ['PUBLIC_URL', 'not a url', 'PUBLIC_URL: must be an absolute http(s) URL'],
    ['PUBLIC_URL', 'ftp://vitrine.example', 'PUBLIC_URL: must be an absolute http(s) URL'],
    ['PUBLIC_URL', 'https://vitrine.example/shop', 'PUBLIC_URL: must be an origin like https://vitrine.example, without a path'],
    ['TRUST_PROXY', 'garbage', 'TRUST_PROXY: must be true, false, a hop count, or IPs/CIDRs/loopback/linklocal/uniquelocal'],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY: must be true, false, a hop count, or IPs/CIDRs/loopback/linklocal/uniquelocal'],
    ['SSR_ABORT_MS', '10', 'SSR_ABORT_MS: must be at least 100'],
    ['INSIGHTS_ENABLED', 'maybe', 'INSIGHTS_ENABLED: must be true or false'],
    ['INSIGHTS_SAMPLE_RATE', '2', 'INSIGHTS_SAMPLE_RATE: must be between 0 and 1'],
    ['INSIGHTS_BASE_PATH', 'no-slash', 'INSIGHTS_BASE_PATH: must be a path like /_insights or an http(s) URL'],
    ['ALGOLIA_INDEX', 'bad index!', 'ALGOLIA_INDEX: must contain only letters, digits, _ and -'],
  ])('rejects %s=%s with one line naming the variable', (name, value, line) => {
    const issues = issuesOf({ [name]: value });

    expect(issues).toEqual([line]);
  });

  it('names every bad variable, one line each', () => {
    const issues = issuesOf({ PORT: 'x', LOG_LEVEL: 'y', NODE_ENV: 'z' });

    expect(issues).toHaveLength(3);
    expect(issues.map((line) => line.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'NODE_ENV', 'PORT']);
  });

  it("frames preview pages only from Contentful's web app unless PREVIEW_FRAME_ANCESTORS names other origins", () => {
    expect(loadConfig({}).preview.frameAncestors).toEqual(['https://app.contentful.com', 'https://app.eu.contentful.com']);
    expect(loadConfig({ PREVIEW_FRAME_ANCESTORS: ' https://cms.example  http://localhost:4000 ' }).preview.frameAncestors).toEqual([
      'https://cms.example',
      'http://localhost:4000',
    ]);
    for (const bad of ['*', "'self' https://x.example", 'https://app.contentful.com/spaces', 'app.contentful.com'])
      expect(issuesOf({ PREVIEW_FRAME_ANCESTORS: bad })).toEqual(['PREVIEW_FRAME_ANCESTORS: must be origins (https://host[:port]), space-separated']);
  });

  it('requires Contentful and Algolia credentials in pairs', () => {
    expect(issuesOf({ CONTENTFUL_SPACE_ID: 'space' })[0]).toMatch(/^CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN: /);
    expect(issuesOf({ ALGOLIA_SEARCH_KEY: 'key' })[0]).toMatch(/^ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY: /);
  });

  it('selects the remote engines when their credentials are set', () => {
    const config = loadConfig({ CONTENTFUL_SPACE_ID: 's', CONTENTFUL_ACCESS_TOKEN: 't', ALGOLIA_APP_ID: 'A', ALGOLIA_SEARCH_KEY: 'k' });

    expect(config.contentful.remote).toMatchObject({ spaceId: 's', accessToken: 't', environment: 'master' });
    expect(config.algolia.remote).toMatchObject({ appId: 'A', searchKey: 'k' });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
    ['::1/128', '::1/128'],
  ])('parses TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('normalizes PUBLIC_URL to an origin without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://vitrine.example/' }).publicUrl).toBe('https://vitrine.example');
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});

    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.contentful)).toBe(true);
  });
});

describe('publicConfig', () => {
  it('exposes only the search-only key, never a secret', () => {
    const config = loadConfig({
      CONTENTFUL_SPACE_ID: 'space',
      CONTENTFUL_ACCESS_TOKEN: 'cda-secret-token',
      CONTENTFUL_PREVIEW_TOKEN: 'preview-secret-token',
      ALGOLIA_APP_ID: 'APPID',
      ALGOLIA_SEARCH_KEY: 'search-only-key',
      ALGOLIA_ADMIN_KEY: 'admin-secret-key',
      COOKIE_SECRET: 'cookie-secret-value',
      PREVIEW_SECRET: 'preview-secret-value',
    });

    const json = JSON.stringify(publicConfig(config, ['en-US']));

    expect(json).toContain('search-only-key');
    for (const secret of ['cda-secret-token', 'preview-secret-token', 'admin-secret-key', 'cookie-secret-value', 'preview-secret-value']) {
      expect(json).not.toContain(secret);
    }
  });
});
