/**
 * `npm run bench:replica`: what a replica of a Contentful space (ADR 061) costs as the space grows. This process serves a
 * generated space as a fake Contentful; a fresh child with the production heap flags measures it through the app's code
 * (docs/replica.md).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import express from 'express';
import { pino } from 'pino';

import { createContentStack } from '#server/composition.ts';
import { loadConfig } from '#server/config.ts';
import { createCdaEngine } from '#server/embedded/contentful/engine.ts';
import { parseSpaceExport } from '#server/embedded/contentful/space-export.ts';
import { availableMemoryBytes, heapFlags } from '#server/lifecycle/heap-limit.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { replicaPath } from '#server/services/content/replica-file.ts';

import type { AddressInfo } from 'node:net';
import type { ExportEntry } from '#server/embedded/contentful/space-export-schema.ts';
import type { HeapLimitSetting } from '#server/lifecycle/heap-limit.ts';

import { createCdaRouter, createCdaServer } from '../../tests/fakes/cda-server.ts';
import { FAKE_TOKENS, readDemoExport } from '../../tests/fakes/contentful.ts';
import { machineLine, markdownTable, median, sleep, wholeNumber } from './lib.ts';

import type { RawExport } from '../../tests/fakes/contentful.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,50000' },
    calls: { type: 'string', default: '200' },
    'heap-limit-mb': { type: 'string', default: 'auto' },
    child: { type: 'boolean', default: false },
  },
});
const [SPACE, ENVIRONMENT, MB, CALLS] = ['vitrine-demo', 'master', 2 ** 20, wholeNumber('calls', args.calls)];
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
type Values = Record<string, number | string>;
type Child = { origin: string; dir: string; slugs: { model: string[]; article: string[] } };

/** Clones of the demo's models and articles; each article links the model before it. */
function generateSpace(size: number): { raw: RawExport; slugs: Child['slugs'] } {
  const raw = readDemoExport();
  const typeOf = (entry: RawExport['entries'][number]) => (entry.sys['contentType'] as { sys: { id: string } }).sys.id;
  const templates = { model: raw.entries.filter((e) => typeOf(e) === 'model'), article: raw.entries.filter((e) => typeOf(e) === 'article') };
  const slugs: Child['slugs'] = { model: [], article: [] };
  let lastModel = templates.model[0]?.sys.id ?? '';
  for (let i = 0; raw.entries.length < size; i++) {
    const kind = i % 2 === 0 ? 'model' : 'article';
    const template = templates[kind][Math.floor(i / 2) % templates[kind].length];
    if (!template) throw new Error(`the demo space has no ${kind} to copy`);
    const entry = structuredClone(template);
    const suffix = String(i).padStart(6, '0');
    entry.sys.id = `${template.sys.id}-${suffix}`;
    const slug = `${String(template.fields['slug']?.['en-US'])}-${suffix}`;
    entry.fields['slug'] = { 'en-US': slug };
    const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
    Object.assign(entry.sys, { createdAt: at, updatedAt: at, publishedAt: at, firstPublishedAt: at });
    if (kind === 'model') {
      lastModel = entry.sys.id;
      entry.fields['featured'] = { 'en-US': i % 1000 === 0 };
    } else {
      const link = { sys: { type: 'Link', linkType: 'Entry', id: lastModel } };
      for (const body of Object.values(entry.fields['body'] ?? {}))
        (body as { content: unknown[] }).content.push({ nodeType: 'embedded-entry-block', data: { target: link }, content: [] });
    }
    slugs[kind].push(slug);
    raw.entries.push(entry);
  }
  return { raw, slugs };
}

function republish(entries: ExportEntry[], round: number): ExportEntry[] {
  const now = new Date().toISOString();
  return Array.from({ length: 10 }, (_, k) => {
    const next = structuredClone(entries[((round * 10 + k) * 7919) % entries.length] as ExportEntry);
    Object.assign(next.sys, { publishedCounter: (next.sys.publishedCounter ?? 1) + 1, updatedAt: now, publishedAt: now });
    const title = next.fields['title'] ?? next.fields['name'];
    if (title) title['en-US'] = `${String(title['en-US'])} (edit ${round})`;
    return next;
  });
}

function settled(): { rss: number; heap: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: round(rss / MB), heap: round(heapUsed / MB) };
}

async function measure({ origin, dir, slugs }: Child): Promise<Values> {
  const values: Values = {};
  const file = replicaPath(dir, SPACE, ENVIRONMENT);
  const logger = pino({ level: 'silent' });
  const contentful = { spaceId: SPACE, accessToken: FAKE_TOKENS.delivery, host: origin };
  let started = performance.now();
  const { replica } = await createContentfulClients({ contentful, timeoutMs: 60_000, replica: { file, pollMs: 0 } }, { logger });
  await replica?.start();
  await replica?.stop(); // waits for the file write
  if (!replica?.engine) throw new Error('no replica after the initial sync');
  values['initial sync (s)'] = round((performance.now() - started) / 1000, 1);
  values['file (MB)'] = round(statSync(file).size / MB, 1);
  const synced = settled();
  values['RSS / heap after sync (MB)'] = `${synced.rss} / ${synced.heap}`;
  await sleep(3000);
  values['RSS idle (MB)'] = settled().rss;

  const deltas: number[] = [];
  const writes: number[] = [];
  const stalls: number[] = [];
  for (let n = 0; n < 3; n++) {
    process.send?.({ publish: n });
    await once(process, 'message');
    const stall = monitorEventLoopDelay({ resolution: 5 });
    stall.enable();
    started = performance.now();
    await replica.sync();
    deltas.push(performance.now() - started);
    await replica.stop();
    writes.push(performance.now() - started);
    stall.disable();
    stalls.push(stall.max / 1e6);
  }
  values['10-entry delta (ms)'] = round(median(deltas));
  values['… and its file write (ms)'] = round(median(writes));
  values['longest stall meanwhile (ms)'] = round(median(stalls));
  const applies = [0, 1, 2].map((n) => {
    const changed = republish(replica.engine?.snapshot().entries ?? [], 100 + n);
    const at = performance.now();
    replica.engine?.apply({ entries: changed });
    return performance.now() - at;
  });
  values['engine.apply, 10 entries (ms)'] = round(median(applies), 1);

  started = performance.now();
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dir, CONTENTFUL_SYNC_POLL_MS: '0', MODEL_VALIDATION: 'false' };
  const space = { CONTENTFUL_SPACE_ID: SPACE, CONTENTFUL_ACCESS_TOKEN: FAKE_TOKENS.delivery, CONTENTFUL_HOST: origin };
  const stack = await createContentStack(loadConfig({ ...env, ...space }, 'bench'), logger);
  values['restart from the file (s)'] = round((performance.now() - started) / 1000, 1);
  const o = { locale: 'en-US', preview: false } as const;
  for (const kind of ['model', 'article'] as const) {
    const times: number[] = [];
    for (const slug of slugs[kind].slice(0, CALLS)) {
      const at = performance.now();
      await (kind === 'model' ? stack.content.getModel(slug, o) : stack.content.getArticle(slug, o));
      times.push(performance.now() - at);
    }
    values[`cold ${kind} page content (ms)`] = round(median(times), 1);
  }
  await stack.clients.replica?.stop();
  return values;
}

async function runSize(size: number, execArgv: string[]): Promise<Values> {
  const { raw, slugs } = generateSpace(size);
  const space = parseSpaceExport(raw, 'bench').space;
  const engine = createCdaServer(createCdaEngine(space), { accessTokens: FAKE_TOKENS });
  const server = express().use(createCdaRouter(engine)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-replica-'));
  const child = fork(import.meta.filename, ['--child', '--calls', String(CALLS)], { execArgv: [...process.execArgv, '--expose-gc', ...execArgv] });
  child.send({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dir, slugs } satisfies Child);
  let result: Values = { entries: size };
  child.on('message', (message: { publish?: number; values?: Values }) => {
    if (message.values) result = { entries: size, ...message.values };
    if (message.publish !== undefined) {
      engine.apply({ entries: republish(engine.snapshot().entries, message.publish) });
      child.send({ published: true });
    }
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  server.close();
  rmSync(dir, { recursive: true, force: true });
  if (code !== 0) result['failed'] = signal ?? `exit ${code}` + (code === 134 ? ' (out of memory)' : '');
  return result;
}

if (args.child) {
  const [config] = (await once(process, 'message')) as [Child];
  const values = await measure(config);
  process.send?.({ values }, () => process.disconnect());
} else {
  const limit = args['heap-limit-mb'] as HeapLimitSetting | string;
  const setting = (limit === 'auto' || limit === 'off' ? limit : Number(limit)) as HeapLimitSetting;
  const execArgv = heapFlags(setting, availableMemoryBytes(), 1);
  const results: Values[] = [];
  for (const size of args.sizes.split(',').map((n) => wholeNumber('sizes', n))) {
    process.stderr.write(`replica bench: ${size} entries\n`);
    results.push(await runSize(size, execArgv));
  }
  const keys = [...new Set(results.flatMap((values) => Object.keys(values)))];
  process.stdout.write(`${machineLine()} · heap flags: ${execArgv.join(' ') || 'V8 default'}\n\n`);
  process.stdout.write(
    markdownTable([
      ['measure', ...results.map((values) => String(values['entries']))],
      ...keys.slice(1).map((key) => [key, ...results.map((values) => String(values[key] ?? '—'))]),
    ]),
  );
  process.exit(0);
}
