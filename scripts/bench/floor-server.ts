/**
 * The page bench's floor (`node scripts/bench/floor-server.ts <port>`): production's SSR bundle and content stack without our HTTP layer
 * (logging, guards, helmet/nonce, ETag, compression, page cache): a bare Express + renderToPipeableStream render of the same page.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import express from 'express';
import pino from 'pino';

import { loadConfig, publicConfig } from '#server/config.ts';
import { createContentStack } from '#server/composition.ts';
import { LOCALES } from '#shared/content/types.ts';

import type { SsrEntry } from '#server/ssr/assets.ts';

const port = Number(process.argv[2] ?? 0);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
const { content } = await createContentStack(config, pino({ level: 'silent' }));
const entry = (await import(pathToFileURL(resolve('dist/server/entry.server.js')).href)) as SsrEntry;
const browserConfig = publicConfig(config, LOCALES);
const origin = `http://127.0.0.1:${port}`;

const app = express();
app.get('/{*path}', async (req, res) => {
  const request = new Request(origin + req.originalUrl);
  const context = await entry.queryDocument(request, entry.createRequestContext({ content, info: { origin, preview: false, locales: LOCALES } }));
  if (context instanceof Response) return void res.status(context.status).end();
  const stream = entry.renderDocument(context, {
    nonce: '',
    bootstrapModules: [],
    publicConfig: browserConfig,
    assets: { nonce: '', stylesheets: [], modulePreloads: [] },
    onShellReady() {
      res.status(context.statusCode).setHeader('Content-Type', 'text/html; charset=utf-8');
      stream.pipe(res);
    },
  });
});
app.listen(port, '127.0.0.1');
