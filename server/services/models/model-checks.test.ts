import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createModelChecks } from '#server/services/models/model-checks.ts';
import { createModelFileReader } from '#server/services/models/model-files.ts';

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { ContentApi } from '#shared/data/content-api.ts';
import type { Asset, Model3D } from '#shared/content/types.ts';

const MODELS = fileURLToPath(new URL('../../../tests/fixtures/models/', import.meta.url));
const FILES: Record<string, Buffer> = {
  '/box.glb': readFileSync(`${MODELS}box.glb`),
  '/truncated.glb': readFileSync(`${MODELS}truncated.glb`),
  '/stool/box.gltf': readFileSync(`${MODELS}external/box.gltf`),
  '/bin/box.bin': readFileSync(`${MODELS}external/box.bin`),
  '/png/checker.png': readFileSync(`${MODELS}external/checker.png`),
  '/huge.glb': Buffer.alloc(4096),
};

// A fake asset host speaking plain HTTP: counts requests per path, answers 404 for anything else.
let server: Server;
let origin: string;
const hits = new Map<string, number>();
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = FILES[path];
    if (!body) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const asset = (path: string, size = FILES[path]?.length ?? 0): Asset => ({
  id: path,
  title: '',
  description: '',
  url: origin + path,
  contentType: 'application/octet-stream',
  fileName: path.split('/').pop() ?? '',
  size,
});
const model = (slug: string, file: Asset, files?: Asset[]): Model3D =>
  ({ id: `model-${slug}`, slug, file, ...(files ? { files } : {}), viewer: { src: file.url, alt: slug } }) as unknown as Model3D;

/** A ContentApi with just the two queries validation reads. */
function contentWith(models: Model3D[]): ContentApi {
  return {
    listModels: async () => models.map(({ id, slug }) => ({ id, slug })),
    getModel: async (slug: string) => models.find((m) => m.slug === slug) ?? null,
  } as unknown as ContentApi;
}

const readFile = () => createModelFileReader({ maxBytes: 2048, timeoutMs: 2000, allowHttp: true });
const logger = pino({ level: 'silent' });

describe('model checks over a live asset host', () => {
  it('validates each model once per file version, resolves sibling files through model.files, and names the ones it cannot get', async () => {
    const models = [
      model('box', asset('/box.glb')),
      model('stool', asset('/stool/box.gltf'), [asset('/bin/box.bin'), asset('/png/checker.png')]),
      model('broken', asset('/truncated.glb')),
      model('lonely', { ...asset('/stool/box.gltf'), id: 'other' }, [asset('/png/checker.png')]),
      model('huge', asset('/huge.glb')),
    ];
    const changed: string[][] = [];
    const checks = createModelChecks({
      content: contentWith(models),
      readFile: readFile(),
      embedded: false,
      timeoutMs: 5000,
      logger,
      onChange: (ids) => changed.push(ids),
    });
    await checks.refresh();

    const problems = checks.status().problems ?? [];
    expect(problems.map((p) => p.path)).toEqual(['model broken (truncated.glb)', 'model lonely (box.gltf)', 'model huge (huge.glb)']);
    expect(problems.find((p) => p.path.startsWith('model lonely'))?.message).toBe('external file box.bin: not found — add it to model.files');
    expect(problems.find((p) => p.path.startsWith('model huge'))?.message).toBe('huge.glb: larger than 2048 bytes');
    expect(checks.checkOf(models[1] as Model3D)).toMatchObject({ viewable: true, errorCount: 0, needs: { externalFiles: ['box.bin', 'checker.png'] } });
    expect(checks.status()).toMatchObject({ ready: true, detail: '5 model files validated, 3 with errors' });
    expect(changed).toHaveLength(1);

    // A webhook for the stool: same file version, nothing downloaded again, no page to re-render.
    hits.clear();
    await checks.refresh(['model-stool']);
    expect(hits.size).toBe(0);
    expect(changed).toHaveLength(1);
  });

  it('refuses plain http unless allowed, and says what the asset host answered', async () => {
    const strict = createModelFileReader({ maxBytes: 1024, timeoutMs: 2000 });
    await expect(strict(`${origin}/box.glb`)).rejects.toThrow('not an https URL');
    await expect(readFile()(`${origin}/missing.glb`)).rejects.toThrow('the asset host answered 404');
  });
});
