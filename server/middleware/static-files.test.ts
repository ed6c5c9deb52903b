import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { staticFiles } from '#server/middleware/static-files.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-static-'));
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  mkdirSync(join(dir, 'decoders'));
  writeFileSync(join(dir, 'decoders', 'draco.js'), 'decoder');
  writeFileSync(join(dir, '.secret'), 'hidden');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function createStaticApp() {
  const app = express();
  app.use(staticFiles(dir, { index: false }));
  app.use((req, res) => res.status(404).send(`page ${req.path}`));
  return app;
}

describe('staticFiles', () => {
  it('never redirects a folder to its trailing-slash form', async () => {
    const res = await request(createStaticApp()).get('/decoders').redirects(0);

    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('serves files at the top level and below the folders there', async () => {
    const app = createStaticApp();

    const favicon = await request(app).get('/favicon.svg');
    const decoder = await request(app).get('/decoders/draco.js');
    const encoded = await request(app).get('/fav%69con.svg');

    expect(favicon.status).toBe(200);
    expect(decoder.text).toBe('decoder');
    expect(encoded.status).toBe(200);
  });

  it('passes every other path on without looking at the disk', async () => {
    const app = createStaticApp();
    // Added after start: a name the middleware never saw is not served, which shows it was not looked up.
    writeFileSync(join(dir, 'late.txt'), 'late');

    const page = await request(app).get('/articles/behind-the-vitrine');
    const late = await request(app).get('/late.txt');
    const garbled = await request(app).get('/%E0%A4%A');

    expect(page.text).toBe('page /articles/behind-the-vitrine');
    expect(late.text).toBe('page /late.txt');
    expect(garbled.status).toBe(404);
  });

  it('keeps dotfiles hidden', async () => {
    const res = await request(createStaticApp()).get('/.secret');

    expect(res.text).toBe('page /.secret');
  });
});
