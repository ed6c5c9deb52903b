/**
 * `npm run bench:replica [-- --sizes 1000,10000,50000] [--calls 200] [--heap-limit-mb auto|off|<MB>]`: what a replica of a
 * Contentful space (ADR 061) costs as the space grows. This process serves a generated space as a fake Contentful; a fresh child
 * with the production heap flags measures it through the app's code (docs/replica.md).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { statSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { pino } from 'pino';

import { createContentStack } from '#server/composition.ts';
import { loadConfig } from '#server/config.ts';
import { availableMemoryBytes, heapFlags } from '#server/lifecycle/heap-limit.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { replicaPath } from '#server/services/content/replica-file.ts';

import type { HeapLimitSetting } from '#server/lifecycle/heap-limit.ts';

import { readDemoExport, startFakeContentful } from '../../tests/fakes/contentful.ts';
import { machineLine, median, table } from './lib.ts';

import type { RawExport } from '../../tests/fakes/contentful.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,50000' },
    calls: { type: 'string', default: '200' },
    'heap-limit-mb': { type: 'string', default: 'auto' },
    child: { type: 'boolean', default: false },
  },
});
const MB = 2 ** 20;
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const seconds = (since: number) => round((performance.now() - since) / 1000, 1);
type Values = Record<string, number | string>;
type Slugs = { model: string[]; article: string[] };

/** Clones of the demo's models and articles in turn; each article embeds the model before it. */
function generateSpace(size: number): { raw: RawExport; slugs: Slugs } {
  const raw = readDemoExport();
  const typeOf = (entry: RawExport['entries'][number]) => (entry.sys['contentType'] as { sys: { id: string } }).sys.id;
  const templates = { model: raw.entries.filter((e) => typeOf(e) === 'model'), article: raw.entries.filter((e) => typeOf(e) === 'article') };
  const slugs: Slugs = { model: [], article: [] };
  for (let i = 0, model = ''; raw.entries.length < size; i++) {
    const kind = i % 2 === 0 ? 'model' : 'article';
    const entry = structuredClone(templates[kind][Math.floor(i / 2) % templates[kind].length]!);
    const [suffix, at] = [String(i).padStart(6, '0'), new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()];
    entry.sys.id = `${entry.sys.id}-${suffix}`;
    entry.fields['slug'] = { 'en-US': `${String(entry.fields['slug']?.['en-US'])}-${suffix}` };
    Object.assign(entry.sys, { createdAt: at, updatedAt: at, publishedAt: at, firstPublishedAt: at });
    if (kind === 'model') {
      model = entry.sys.id;
      entry.fields['featured'] = { 'en-US': i % 1000 === 0 };
    } else {
      const target = { sys: { type: 'Link', linkType: 'Entry', id: model } };
      for (const body of Object.values(entry.fields['body'] ?? {}))
        (body as { content: unknown[] }).content.push({ nodeType: 'embedded-entry-block', data: { target }, content: [] });
    }
    slugs[kind].push(String(entry.fields['slug']['en-US']));
    raw.entries.push(entry);
  }
  return { raw, slugs };
}

/** After a forced GC, as `RSS / heap used`. */
function settled(): string {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `${round(rss / MB)} / ${round(heapUsed / MB)}`;
}

/** In the child: the initial sync until the file is written, three 10-entry publishes, a restart from the file, cold pages. */
async function measure(env: Record<string, string>, slugs: Slugs): Promise<Values> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', CONTENTFUL_SYNC_POLL_MS: '0', ...env }, 'bench');
  const remote = config.contentful.remote!;
  const [file, logger, values] = [replicaPath(config.dataDir, remote.spaceId, remote.environment), pino({ level: 'silent' }), {} as Values];
  let started = performance.now();
  const { replica } = await createContentfulClients({ contentful: remote, timeoutMs: 60_000, replica: { file, pollMs: 0 } }, { logger });
  await replica?.start();
  await replica?.stop(); // waits for the file write
  if (!replica) throw new Error('no replica after the initial sync');
  values['initial sync (s)'] = seconds(started);
  values['file (MB)'] = round(statSync(file).size / MB, 1);
  values['RSS / heap after sync (MB)'] = settled();

  const [deltas, writes, stalls]: [number[], number[], number[]] = [[], [], []];
  for (let n = 0; n < 3; n++) {
    process.send!({ publish: n });
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

  started = performance.now();
  const stack = await createContentStack(config, logger);
  values['restart from the file (s)'] = seconds(started);
  for (const kind of ['model', 'article'] as const) {
    const times: number[] = [];
    for (const slug of slugs[kind].slice(0, Number(args.calls))) {
      const at = performance.now();
      const o = { locale: 'en-US', preview: false } as const;
      await (kind === 'model' ? stack.content.getModel(slug, o) : stack.content.getArticle(slug, o));
      times.push(performance.now() - at);
    }
    values[`cold ${kind} page content (ms)`] = round(median(times), 1);
  }
  values['RSS / heap after the page calls (MB)'] = settled();
  await stack.clients.replica?.stop();
  return values;
}

/** Each publish edits the title or name of 10 entries spread over the space; the fake serves them as a delta. */
async function runSize(size: number, execArgv: string[]): Promise<Values> {
  const { raw, slugs } = generateSpace(size);
  const fake = await startFakeContentful({ data: raw });
  const child = fork(import.meta.filename, ['--child', '--calls', args.calls], { execArgv: [...process.execArgv, '--expose-gc', ...execArgv] });
  child.send({ env: fake.env, slugs });
  let result: Values = { entries: size };
  child.on('message', (message: { publish?: number; values?: Values }) => {
    if (message.values) result = { entries: size, ...message.values };
    if (message.publish === undefined) return;
    fake.update(({ entries }) => {
      for (let k = 0; k < 10; k++) {
        const { fields } = entries[((message.publish! * 10 + k) * 7919) % entries.length]!;
        const title = fields['title'] ?? fields['name'];
        if (title) title['en-US'] = `${String(title['en-US'])} (edit ${message.publish})`;
      }
    });
    child.send({ published: true });
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  await fake.close();
  if (code !== 0) result['failed'] = signal ?? `exit ${code}` + (code === 134 ? ' (out of memory)' : '');
  return result;
}

if (args.child) {
  const [{ env, slugs }] = (await once(process, 'message')) as [{ env: Record<string, string>; slugs: Slugs }];
  const values = await measure(env, slugs);
  process.send!({ values }, () => process.disconnect());
} else {
  const limit = args['heap-limit-mb'];
  const execArgv = heapFlags((limit === 'auto' || limit === 'off' ? limit : Number(limit)) as HeapLimitSetting, availableMemoryBytes(), 1);
  const results: Values[] = [];
  for (const size of args.sizes.split(',').map(Number)) results.push(await runSize(size, execArgv));
  const keys = [...new Set(results.flatMap((values) => Object.keys(values)))];
  console.log(`${machineLine()} · heap flags: ${execArgv.join(' ') || 'V8 default'}\n`);
  console.log(table([['measure', ...results.map((values) => values['entries']!)], ...keys.slice(1).map((key) => [key, ...results.map((v) => v[key] ?? '—')])]));
  process.exit(0);
}
