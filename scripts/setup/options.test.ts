import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadEnv, parseHost, readSetupEnv } from './options.ts';

describe('setup options', () => {
  it('reads the management host: default, EU data residency (uploads beside it), plain http for a local fake', () => {
    expect(parseHost('api.contentful.com')).toEqual({ host: 'api.contentful.com', hostUpload: 'upload.contentful.com', insecure: false });
    expect(parseHost('https://api.eu.contentful.com')).toEqual({ host: 'api.eu.contentful.com', hostUpload: 'upload.eu.contentful.com', insecure: false });
    expect(parseHost('http://127.0.0.1:4011')).toEqual({ host: '127.0.0.1:4011', hostUpload: '127.0.0.1:4011', insecure: true });
    expect(parseHost('https://api.contentful.com/spaces')).toBeUndefined();
    expect(parseHost('https://user:pw@api.contentful.com')).toBeUndefined();
  });

  it('refuses a malformed host or PUBLIC_URL with a line each', () => {
    const read = () =>
      readSetupEnv({ CONTENTFUL_SPACE_ID: 's', CONTENTFUL_MANAGEMENT_TOKEN: 't', CONTENTFUL_MANAGEMENT_HOST: 'http://x/y', PUBLIC_URL: 'vitrine' });
    expect(read).toThrow(/^CONTENTFUL_MANAGEMENT_HOST must be .*\nPUBLIC_URL must be [^\n]*$/);
  });

  it('defaults the environment to master and trims PUBLIC_URL', () => {
    const result = readSetupEnv({ CONTENTFUL_SPACE_ID: 's', CONTENTFUL_MANAGEMENT_TOKEN: 't', PUBLIC_URL: 'https://vitrine.example/' });
    expect(result).toMatchObject({ environmentId: 'master', publicUrl: 'https://vitrine.example', host: 'api.contentful.com' });
    const withPath = () => readSetupEnv({ CONTENTFUL_SPACE_ID: 's', CONTENTFUL_MANAGEMENT_TOKEN: 't', PUBLIC_URL: 'https://vitrine.example/shop' });
    expect(withPath).toThrow(/^PUBLIC_URL must be an origin[^\n]*$/);
  });

  it('reads .env like npm run dev: the real environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-setup-'));
    writeFileSync(join(dir, '.env'), 'CONTENTFUL_SPACE_ID=from-file\nCONTENTFUL_ENVIRONMENT=staging\n');
    expect(loadEnv(dir, { CONTENTFUL_SPACE_ID: 'from-env' })).toMatchObject({ CONTENTFUL_SPACE_ID: 'from-env', CONTENTFUL_ENVIRONMENT: 'staging' });
    expect(loadEnv(join(dir, 'missing'), { A: '1' })).toEqual({ A: '1' });
  });
});
