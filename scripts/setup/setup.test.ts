import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { assetRoutes } from '../../tests/fakes/fake-cma/assets.ts';
import { CmaError, startFakeCma } from '../../tests/fakes/fake-cma/index.ts';
import { spaceSettingsRoutes } from '../../tests/fakes/fake-cma/space-settings.ts';
import { WEBHOOK_TOPICS } from './access.ts';
import { main } from './setup.ts';

import type { FakeCma, FakeCmaRoutes } from '../../tests/fakes/fake-cma/index.ts';

const TOKEN = 'CFPAT-vitrine-setup-test-token-0123456789abcdef';
interface Exported {
  sys: { id: string; visibility?: string; publishedVersion?: number };
}
const EXPORT = JSON.parse(readFileSync(new URL('../../content/space-export.json', import.meta.url), 'utf8')) as Record<
  'entries' | 'assets' | 'tags',
  Exported[]
>;

/** `npm run setup` in-process against the wire-level fake CMA, with the real contentful-management/-migration/-import clients. */
describe('npm run setup', () => {
  let fake: FakeCma;
  let env: Record<string, string>;

  beforeEach(async () => {
    fake = await startFakeCma({ spaceId: `setup-${randomUUID().slice(0, 8)}`, token: TOKEN, routes: [assetRoutes, spaceSettingsRoutes] });
    env = { CONTENTFUL_SPACE_ID: fake.state.spaceId, CONTENTFUL_MANAGEMENT_TOKEN: TOKEN, CONTENTFUL_MANAGEMENT_HOST: fake.url };
  });
  afterEach(() => fake.close());

  async function setup(argv: string[], extraEnv: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { ...env, ...extraEnv }, { out: (l) => out.push(l), err: (l) => err.push(l) }, { importRateLimit: 1000 });
    const text = [...out, ...err].join('\n');
    // Whatever happens, the management token (or the tail the SDK leaves of it) is never printed.
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(TOKEN.slice(-5));
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  // Only calls about this test's space count: with several suites on one machine, a port this fake got may still be
  // called by another suite's client that outlived its own fake.
  const writes = () => fake.writes().filter((c) => c.path.startsWith(`/spaces/${fake.state.spaceId}/`));
  const calls = () => fake.calls.filter((c) => c.path.startsWith(`/spaces/${fake.state.spaceId}`));
  const writeCount = () => writes().length;
  const envLine = (out: string, key: string) => new RegExp(`^\\s+${key}=(.+)$`, 'm').exec(out)?.[1];

  it('sets up an empty space: de-DE, the content model, tags, an API key and a signing secret; prints the .env lines', async () => {
    const first = await setup([]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const locales = [...fake.state.locales.items.values()].map((l) => `${String(l.code)}>${String(l.fallbackCode)}`);
    expect(locales).toEqual(['en-US>null', 'de-DE>en-US']);
    const contentTypes = [...fake.state.contentTypes.items.values()].filter((ct) => ct.sys.publishedVersion !== undefined).map((ct) => ct.sys.id);
    expect(contentTypes).toEqual(expect.arrayContaining(['siteSettings', 'page', 'article', 'model', 'person']));
    const tags = [...fake.state.collection('Tag').items.values()].map((t) => `${t.sys.id}:${String(t.sys.visibility)}`);
    expect(tags).toEqual(EXPORT.tags.map((t) => `${t.sys.id}:${t.sys.visibility}`));
    const [apiKey] = fake.state.collection('ApiKey').items.values();
    const [previewKey] = fake.state.collection('PreviewApiKey').items.values();
    expect(envLine(first.out, 'CONTENTFUL_SPACE_ID')).toBe(fake.state.spaceId);
    expect(envLine(first.out, 'CONTENTFUL_ACCESS_TOKEN')).toBe(apiKey?.accessToken);
    expect(envLine(first.out, 'CONTENTFUL_PREVIEW_TOKEN')).toBe(previewKey?.accessToken);
    expect(envLine(first.out, 'CONTENTFUL_WEBHOOK_SECRET')).toMatch(/^[0-9a-f]{64}$/);
    expect(envLine(first.out, 'PREVIEW_SECRET')).toMatch(/^[\w-]{32}$/);
    expect(first.out).toContain('/api/webhooks/contentful');
    expect(first.out).toContain('Taxonomy');
    expect(first.out).toContain('product-categories');
    // Content preview (Live Preview included): one platform whose URLs carry the printed PREVIEW_SECRET.
    const [platform] = fake.state.collection('PreviewEnvironment').items.values();
    const secret = encodeURIComponent(envLine(first.out, 'PREVIEW_SECRET') ?? '');
    expect(platform?.name).toBe('Vitrine');
    expect(platform?.configurations).toEqual(
      ['model', 'article', 'page'].map((contentType) => ({
        contentType,
        url: `http://localhost:3000/api/preview?secret=${secret}&path=${contentType === 'page' ? '' : `/${contentType}s`}/{entry.fields.slug}`,
        enabled: true,
        example: false,
      })),
    );

    const before = writeCount();
    const second = await setup([]);
    expect(second.code).toBe(0);
    expect(writes().slice(before)).toEqual([]);
    expect(envLine(second.out, 'CONTENTFUL_ACCESS_TOKEN')).toBe(apiKey?.accessToken);
    // A second run reads the secret back from the platform's URLs instead of minting a new one.
    expect(envLine(second.out, 'PREVIEW_SECRET')).toBe(envLine(first.out, 'PREVIEW_SECRET'));
    // The space's secret cannot be read back, and is not rotated behind the running server's back.
    expect(envLine(second.out, 'CONTENTFUL_WEBHOOK_SECRET')).toBeUndefined();
    expect(second.out).toMatch(/signing secret .* setup cannot read/);
  });

  it('keeps a signing secret that matches CONTENTFUL_WEBHOOK_SECRET, and replaces it only on --rotate-webhook-secret', async () => {
    const secret = envLine((await setup([])).out, 'CONTENTFUL_WEBHOOK_SECRET') ?? '';
    const kept = await setup([], { CONTENTFUL_WEBHOOK_SECRET: secret });
    expect(kept.out).toContain('the signing secret matches CONTENTFUL_WEBHOOK_SECRET');
    expect(kept.out).toContain('set PUBLIC_URL');
    const before = writeCount();
    const rotated = await setup(['--rotate-webhook-secret'], { CONTENTFUL_WEBHOOK_SECRET: secret });
    const fresh = envLine(rotated.out, 'CONTENTFUL_WEBHOOK_SECRET');
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(secret);
    expect(
      writes()
        .slice(before)
        .map((c) => `${c.method} ${c.path}`),
    ).toEqual([`PUT /spaces/${fake.state.spaceId}/webhook_settings/signing_secret`]);
  });

  it('--dry-run writes nothing and lists the whole plan', async () => {
    const { code, out } = await setup(['--dry-run', '--with-demo-content'], { PUBLIC_URL: 'https://vitrine.example' });
    expect(code).toBe(0);
    expect(writes()).toEqual([]);
    for (const planned of [
      'would create locale de-DE (German (Germany), fallback en-US)',
      'would create public tag design ("Design")',
      'would create private tag internalReview',
      `would import ${EXPORT.entries.length} entries and upload ${EXPORT.assets.length} assets`,
      'would create API key "Vitrine"',
      "would set the space's webhook signing secret",
      'would create webhook "Vitrine" → https://vitrine.example/api/webhooks/contentful',
    ])
      expect(out).toContain(planned);
    expect(out).toContain('+ would create content type model (15 fields)');
    expect(out).toContain('Dry run: nothing was changed');
  });

  it('--with-demo-content imports the entries, uploads and publishes the assets, creates the webhook; a second run writes nothing', async () => {
    const first = await setup(['--with-demo-content'], { PUBLIC_URL: 'https://vitrine.example' });
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const uploads = writes().filter((c) => c.method === 'POST' && c.path.endsWith('/uploads'));
    const processed = writes().filter((c) => /\/assets\/[^/]+\/files\/en-US\/process$/.test(c.path));
    expect(uploads).toHaveLength(EXPORT.assets.length);
    expect(processed).toHaveLength(EXPORT.assets.length);
    const assets = [...fake.state.collection('Asset').items.values()];
    expect(assets.filter((a) => a.sys.publishedVersion !== undefined)).toHaveLength(EXPORT.assets.length);
    const entries = [...fake.state.entries.items.values()];
    expect(entries.map((e) => e.sys.id).sort()).toEqual(EXPORT.entries.map((e) => e.sys.id).sort());
    const published = entries.filter((e) => e.sys.publishedVersion !== undefined).map((e) => e.sys.id);
    expect(published.sort()).toEqual(
      EXPORT.entries
        .filter((e) => e.sys.publishedVersion)
        .map((e) => e.sys.id)
        .sort(),
    );
    expect(JSON.stringify(entries)).toContain('"de-DE"');
    const [webhook] = fake.state.collection('WebhookDefinition').items.values();
    expect(webhook).toMatchObject({ name: 'Vitrine', url: 'https://vitrine.example/api/webhooks/contentful', topics: WEBHOOK_TOPICS });
    expect(webhook?.topics).toEqual(expect.arrayContaining(['Entry.publish', 'Asset.unpublish', 'Tag.save', 'ContentType.publish']));
    expect(webhook?.filters).toEqual([{ equals: [{ doc: 'sys.environment.sys.id' }, 'master'] }]);

    const before = writeCount();
    const second = await setup(['--with-demo-content'], { PUBLIC_URL: 'https://vitrine.example' });
    expect(second.code).toBe(0);
    expect(writes().slice(before)).toEqual([]);
    expect(second.out).toContain(`${EXPORT.entries.length} demo entries and ${EXPORT.assets.length} assets exist`);
  }, 30_000);

  it('--no-german leaves de-DE out, and the demo import drops German fields instead of failing on them', async () => {
    const { code, out } = await setup(['--no-german', '--with-demo-content']);
    expect(code).toBe(0);
    expect([...fake.state.locales.items.values()].map((l) => l.code)).toEqual(['en-US']);
    expect(out).toContain('de-DE left out (--no-german)');
    expect(JSON.stringify([...fake.state.entries.items.values()])).not.toContain('"de-DE"');
  }, 30_000);

  it('says which locale to add when the token may not create locales, and sets up the rest', async () => {
    await fake.close();
    const denyLocales: FakeCmaRoutes = ({ space }) =>
      space.post('/environments/:environmentId/locales', () => {
        throw new CmaError(403, 'AccessDenied', 'Forbidden');
      });
    fake = await startFakeCma({ spaceId: fake.state.spaceId, token: TOKEN, routes: [denyLocales, assetRoutes, spaceSettingsRoutes] });
    const { code, out } = await setup([], { CONTENTFUL_MANAGEMENT_HOST: fake.url });
    expect(code).toBe(0);
    expect(out).toContain('the token may not create locales: add German (Germany) (de-DE, fallback en-US) in Settings → Locales.');
    expect([...fake.state.contentTypes.items.keys()]).toContain('model');
  });

  it('refuses a space whose default locale is not en-US, before changing anything', async () => {
    const [enUs] = fake.state.locales.items.values();
    if (enUs) Object.assign(enUs, { code: 'de-DE', name: 'German (Germany)' });
    const { code, err } = await setup([]);
    expect(code).toBe(1);
    expect(err).toMatch(/^The default locale of environment "master" is de-DE; .* Make en-US the default in Settings → Locales/);
    expect(writes()).toEqual([]);
  });

  it('names each missing setting on its own line and exits 1 without calling Contentful', async () => {
    const { code, err } = await setup([], { CONTENTFUL_SPACE_ID: '', CONTENTFUL_MANAGEMENT_TOKEN: ' ' });
    expect(code).toBe(1);
    expect(err.split('\n')).toEqual([
      expect.stringMatching(/^CONTENTFUL_SPACE_ID is not set: .*Space ID/),
      expect.stringMatching(/^CONTENTFUL_MANAGEMENT_TOKEN is not set: .*Settings → CMA tokens/),
    ]);
    expect(calls()).toEqual([]);
  });

  it('answers a wrong token with one line that names the fix and not the token', async () => {
    const wrong = 'CFPAT-wrong-token-that-must-not-be-printed-99999';
    const out: string[] = [];
    const code = await main([], { ...env, CONTENTFUL_MANAGEMENT_TOKEN: wrong }, { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code).toBe(1);
    expect(out).toEqual([expect.stringMatching(/^Contentful refused CONTENTFUL_MANAGEMENT_TOKEN \(401 AccessTokenInvalid\): .*Settings → CMA tokens/)]);
    expect(out.join('\n')).not.toContain(wrong);
    expect(out.join('\n')).not.toContain(wrong.slice(-5));
  });

  it('names an unknown space', async () => {
    const unknown = await setup([], { CONTENTFUL_SPACE_ID: 'nope' });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^Space "nope" or environment "master" was not found/);
  });

  it('refuses an unknown flag with the usage (exit 2) and prints help for --help', async () => {
    const bad = await setup(['--demo']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^setup: Unknown option '--demo'/);
    expect(bad.err).toContain('--with-demo-content');
    const help = await setup(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run setup');
    expect(calls()).toEqual([]);
  });
});
