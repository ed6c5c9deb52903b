/**
 * `npm run bench:replica [-- --sizes 1000,10000,50000] [--calls 200] [--heap-limit-mb auto|off|<MB>]`: what a replica of a
 * Contentful space (ADR 061, server/services/content/replica.ts) costs as the space grows. Per size, a generated space (the demo
 * space's content model and locales, `model` and `article` entries cloned from the demo's with unique ids and slugs, links
 * between them and to the demo's assets) is served by a fake Contentful (the CDA engine over HTTP on 127.0.0.1) in its own
 * process, and each measurement runs in a fresh child process with the production heap flags (server/lifecycle/heap-limit.ts)
 * and `--expose-gc`, so no size shares memory with another:
 *
 * - `sync`: the initial sync through the real `contentful` SDK's Sync API, up to the replica file on disk; memory after a forced
 *   GC, then idle a few seconds later; 10-entry deltas (`replica.sync()`, then the file rewrite), syncs with nothing to bring,
 *   `engine.apply` alone for 10 entries, and a full re-index (`engine.replace`) to compare with.
 * - `load`: a restart's steps one by one (read, checksum, JSON.parse, validation, index).
 * - `restart`: `createContentStack` (server/composition.ts) from the file, then cold content for model and article pages
 *   through the ContentService (distinct slugs, so each call misses the content cache), and list pages with the cache cleared.
 *
 * Prints markdown tables (docs/replica.md). No test asserts these numbers.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
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
import { createCdaRouter } from '#server/embedded/contentful/transport.ts';
import { availableMemoryBytes, heapFlags } from '#server/lifecycle/heap-limit.ts';
import { createContentfulClients } from '#server/services/content/contentful-client.ts';
import { replicaPath } from '#server/services/content/replica-file.ts';

import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { ExportEntry } from '#server/embedded/contentful/space-export-schema.ts';
import type { HeapLimitSetting } from '#server/lifecycle/heap-limit.ts';
import type { QueryOptions } from '#shared/data/content-api.ts';

import { FAKE_TOKENS, readDemoExport } from '../../tests/fakes/contentful.ts';
import { machineLine, markdownTable, median, processCpuMs } from './lib.ts';

import type { RawExport } from '../../tests/fakes/contentful.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,50000' },
    calls: { type: 'string', default: '200' },
    'heap-limit-mb': { type: 'string', default: 'auto' },
    // Set on the child processes this script starts.
    role: { type: 'string' },
    size: { type: 'string' },
    origin: { type: 'string' },
    dir: { type: 'string' },
    'fake-pid': { type: 'string' },
  },
});

const SPACE = 'vitrine-demo';
const ENVIRONMENT = 'master';
const MB = 1024 * 1024;
const DELTA_ENTRIES = 10;
const DELTA_ROUNDS = 3;
const APPLY_ROUNDS = 5;
const QUIET_MS = 3000;
/** How long the bench waits for a replica file a sync may or may not rewrite, beyond the time the last write took. */
const REWRITE_GRACE_MS = 3000;

type Values = Record<string, number | string>;
type Message = { kind: 'phase'; name: string } | { kind: 'result'; values: Values } | { kind: 'ready'; origin: string };
/** What the fake tells the children about the space: ids and slugs spread over it, and what it holds. */
interface Samples {
  entries: number;
  assets: number;
  models: Array<{ id: string; slug: string }>;
  articles: Array<{ id: string; slug: string }>;
}

/** Sends to the parent; resolves once the message is out (a child exits only after its last one). */
const send = (message: Message) =>
  new Promise<void>((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
const phase = (name: string) => void send({ kind: 'phase', name });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

function forceGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the measuring child with --expose-gc');
  gc();
  gc();
}

/** RSS and heap used in MB, after a full GC. */
async function settledMemory(): Promise<{ rss: number; heapUsed: number }> {
  forceGc();
  await sleep(50);
  forceGc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: round(rss / MB), heapUsed: round(heapUsed / MB) };
}

/** The process's peak RSS so far (VmHWM), in MB. */
const peakRssMb = () => round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) / 1024);

// ---------------------------------------------------------------------------------------------------------------------------
// The generated space and the fake Contentful serving it (its own process).

type RawEntry = RawExport['entries'][number];
type RichNode = { nodeType: string; data: Record<string, unknown>; content: RichNode[] };
const entryLink = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const typeOf = (entry: RawEntry) => (entry.sys['contentType'] as { sys: { id: string } }).sys.id;

/**
 * The demo space with `size` entries in all: its own 40, then clones of its models and articles in turn. Each clone gets a unique
 * id, slug and title, its own publish dates, and (articles) an embedded block linking the model generated just before it, so
 * every generated model appears in an article; the clones keep the demo's links to people, variants, hotspots and assets.
 */
function generateSpace(size: number, calls: number): { raw: RawExport; generated: string[]; samples: Samples } {
  const raw = readDemoExport();
  const templates = { model: raw.entries.filter((e) => typeOf(e) === 'model'), article: raw.entries.filter((e) => typeOf(e) === 'article') };
  const count = Math.max(0, size - raw.entries.length);
  const generated: string[] = [];
  const models: Samples['models'] = [];
  const articles: Samples['articles'] = [];
  let lastModel = templates.model[0]?.sys.id ?? '';
  for (let i = 0; i < count; i++) {
    const kind = i % 2 === 0 ? 'model' : 'article';
    const list = templates[kind];
    const template = list[Math.floor(i / 2) % list.length];
    if (!template) throw new Error(`the demo space has no ${kind} entry to copy`);
    const entry = structuredClone(template);
    const suffix = String(i).padStart(6, '0');
    entry.sys.id = `${template.sys.id}-${suffix}`;
    const slug = `${String(template.fields['slug']?.['en-US'])}-${suffix}`;
    entry.fields['slug'] = { 'en-US': slug };
    for (const [locale, title] of Object.entries(entry.fields[kind === 'model' ? 'name' : 'title'] ?? {})) {
      (entry.fields[kind === 'model' ? 'name' : 'title'] as Record<string, unknown>)[locale] = `${String(title)} ${suffix}`;
    }
    const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
    Object.assign(entry.sys, { createdAt: at, updatedAt: at, publishedAt: at, firstPublishedAt: at });
    if (kind === 'model') {
      lastModel = entry.sys.id;
      // A few featured ones, as a real catalogue has (the home page lists them).
      entry.fields['featured'] = { 'en-US': i % 1000 === 0 };
      models.push({ id: entry.sys.id, slug });
    } else {
      entry.fields['publishDate'] = { 'en-US': at.slice(0, 10) };
      for (const body of Object.values(entry.fields['body'] ?? {})) {
        (body as RichNode).content.push({ nodeType: 'embedded-entry-block', data: { target: entryLink(lastModel) }, content: [] });
      }
      articles.push({ id: entry.sys.id, slug });
    }
    raw.entries.push(entry);
    generated.push(entry.sys.id);
  }
  const spread = <T>(items: T[]) => items.filter((_, at) => at % Math.max(1, Math.floor(items.length / calls)) === 0).slice(0, calls);
  const assets = (raw['assets'] as unknown[] | undefined)?.length ?? 0;
  return { raw, generated, samples: { entries: raw.entries.length, assets, models: spread(models), articles: spread(articles) } };
}

/** A republished entry: its title edited, its version and publish counter one up, published now. */
function republished(entry: ExportEntry, label: string): ExportEntry {
  const next = structuredClone(entry);
  const now = new Date().toISOString();
  const version = next.sys.version ?? 1;
  Object.assign(next.sys, {
    version: version + 1,
    publishedVersion: version,
    publishedCounter: (next.sys.publishedCounter ?? 1) + 1,
    updatedAt: now,
    publishedAt: now,
  });
  for (const key of ['title', 'name']) {
    const values = next.fields[key];
    if (values && typeof values['en-US'] === 'string') values['en-US'] = `${values['en-US']} (${label})`;
  }
  return next;
}

async function runFake(size: number, calls: number, dir: string): Promise<void> {
  const { raw, generated, samples } = generateSpace(size, calls);
  writeFileSync(join(dir, 'samples.json'), JSON.stringify(samples));
  const space = parseSpaceExport(raw, 'bench').space;
  const engine = createCdaEngine(space, { accessTokens: FAKE_TOKENS });
  const byId = new Map(space.entries.map((entry) => [entry.sys.id, entry]));
  let cursor = 0;
  let syncPages = 0;
  const app = express();
  app.use((req, _res, next) => {
    if (/\/sync(\?|$)/.test(req.url)) syncPages++;
    next();
  });
  // How far a replica's initial sync got (a crashed child cannot say).
  const pages = Math.ceil((space.entries.length + space.assets.length) / 500);
  app.get('/__bench/stats', (_req, res) => void res.json({ syncPages, pages }));
  // Publishes `n` generated entries spread over the space (as editors would), answering with the revisions to expect.
  app.post('/__bench/publish', (req, res) => {
    const n = Number(req.query['n'] ?? DELTA_ENTRIES);
    const changed: ExportEntry[] = [];
    for (let k = 0; k < n && generated.length > 0; k++) {
      const id = generated[(cursor++ * 7919) % generated.length] ?? '';
      const entry = byId.get(id);
      if (!entry) continue;
      const next = republished(entry, `edit ${cursor}`);
      byId.set(id, next);
      changed.push(next);
    }
    engine.apply({ entries: changed });
    res.json(changed.map((entry) => ({ id: entry.sys.id, revision: entry.sys.publishedCounter, updatedAt: entry.sys.publishedAt })));
  });
  app.use(createCdaRouter(engine));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  await send({ kind: 'ready', origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------------------------------
// The measuring children.

/** Resolves once `file` exists with an inode other than `before` (a write renames a new file over it); false after `timeoutMs`. */
async function waitForWrite(file: string, before: number | undefined, timeoutMs: number): Promise<boolean> {
  for (const deadline = performance.now() + timeoutMs; performance.now() < deadline; await sleep(5)) {
    const ino = await stat(file).then(
      (s) => s.ino,
      () => undefined,
    );
    if (ino !== undefined && ino !== before) return true;
  }
  return false;
}

const inodeOf = (file: string) => statSync(file).ino;

async function runSync(origin: string, dir: string, fakePid: number): Promise<void> {
  const file = replicaPath(dir, SPACE, ENVIRONMENT);
  const samples = JSON.parse(readFileSync(join(dir, 'samples.json'), 'utf8')) as Samples;
  const logs: Array<{ msg?: string; time?: number }> = [];
  // The replica's log lines are kept for their times, and name the phase a crash happened in.
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        const parsed = JSON.parse(line) as { msg?: string; time?: number };
        logs.push(parsed);
        if (parsed.msg === 'initial sync done') phase('initial sync: writing the file');
      },
    },
  );
  const values: Values = {};

  // What the process holds before any content: the modules a server loads, for the growth per entry.
  const base = await settledMemory();
  values['baseRss'] = base.rss;
  values['baseHeap'] = base.heapUsed;
  phase('initial sync');
  const [cpu, fakeCpu, wall, started] = [process.cpuUsage(), processCpuMs(fakePid), Date.now(), performance.now()];
  const clients = await createContentfulClients(
    { contentful: { spaceId: SPACE, accessToken: FAKE_TOKENS.delivery, host: origin }, replica: { file, pollMs: 0 } },
    { logger },
  );
  const replica = clients.replica;
  if (!replica) throw new Error('no replica: createContentfulClients did not take the remote branch');
  await replica.start();
  const readyMs = performance.now() - started;
  if (!(await waitForWrite(file, undefined, 600_000))) throw new Error('the initial sync wrote no replica file');
  const initialMs = performance.now() - started;
  values['initialMs'] = round(initialMs);
  values['initialReadyMs'] = round(readyMs);
  const done = logs.find((line) => line.msg === 'initial sync done')?.time;
  if (done !== undefined) values['initialIndexedMs'] = done - wall;
  const used = process.cpuUsage(cpu);
  values['initialCpuMs'] = round((used.user + used.system) / 1000);
  values['fakeCpuMs'] = round(processCpuMs(fakePid) - fakeCpu);
  values['syncPeakRss'] = peakRssMb();
  values['fileMb'] = round(statSync(file).size / MB, 1);
  const afterSync = await settledMemory();
  values['syncRss'] = afterSync.rss;
  values['syncHeap'] = afterSync.heapUsed;
  await send({ kind: 'result', values });

  phase('idle');
  await sleep(QUIET_MS);
  const idle = await settledMemory();
  values['idleRss'] = idle.rss;
  values['idleHeap'] = idle.heapUsed;
  await send({ kind: 'result', values });

  const engine = replica.engine;
  if (!engine) throw new Error('the replica has no engine after its initial sync');
  let lastWriteMs = initialMs - (done === undefined ? 0 : done - wall);

  /** One sync, then the file rewrite it causes (if any), with the longest the event loop was blocked meanwhile. */
  type Timed = { syncMs: number; appliedMs: number | undefined; writtenMs: number | undefined; blockedMs: number };
  async function timedSync(run: () => Promise<void>): Promise<Timed> {
    const before = inodeOf(file);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const [start, wallStart, logged] = [performance.now(), Date.now(), logs.length];
    await run();
    const syncMs = performance.now() - start;
    // The replica logs a delta once applied, before it hands the space to the file writer.
    const applied = logs.slice(logged).find((line) => line.msg === 'delta sync applied')?.time;
    const written = await waitForWrite(file, before, Math.max(REWRITE_GRACE_MS, 3 * lastWriteMs));
    const writtenMs = written ? performance.now() - start : undefined;
    delay.disable();
    if (writtenMs !== undefined) lastWriteMs = writtenMs;
    return { syncMs, appliedMs: applied === undefined ? undefined : applied - wallStart, writtenMs, blockedMs: delay.max / 1e6 };
  }

  phase('10-entry deltas');
  const deltas: Timed[] = [];
  const revisions: Array<[served: number, cda: number]> = [];
  for (let r = 0; r < DELTA_ROUNDS; r++) {
    const published = (await (await fetch(`${origin}/__bench/publish?n=${DELTA_ENTRIES}`, { method: 'POST' })).json()) as Array<{
      id: string;
      revision: number;
      updatedAt: string;
    }>;
    deltas.push(await timedSync(() => replica.sync()));
    const missing = published.filter(({ id, updatedAt }) => engine.delivered('Entry', id)?.sys['updatedAt'] !== updatedAt);
    if (missing.length > 0) throw new Error(`the delta did not bring ${missing.map(({ id }) => id).join(', ')}`);
    // Whether the replica serves the CDA's `sys.revision`: the webhook catch-up (replica.catchUp) compares it with the published one.
    for (const { id, revision } of published) revisions.push([Number(engine.delivered('Entry', id)?.sys['revision']), revision]);
  }
  const wrong = revisions.filter(([served, cda]) => served !== cda);
  values['revisionServed'] =
    `${revisions.length - wrong.length} of ${revisions.length}${wrong[0] ? ` (e.g. ${wrong[0][0]} for the CDA's ${wrong[0][1]})` : ''}`;
  values['deltaMs'] = round(median(deltas.map((d) => d.syncMs)), 1);
  if (deltas.every((d) => d.appliedMs !== undefined)) values['deltaAppliedMs'] = median(deltas.map((d) => d.appliedMs ?? 0));
  values['deltaWrittenMs'] = deltas.some((d) => d.writtenMs === undefined) ? 'no rewrite' : round(median(deltas.map((d) => d.writtenMs ?? 0)));
  values['deltaBlockedMs'] = round(Math.max(...deltas.map((d) => d.blockedMs)));
  await send({ kind: 'result', values });

  phase('syncs with nothing new');
  const empty = await timedSync(() => replica.sync());
  values['emptyMs'] = round(empty.syncMs, 1);
  values['emptyWrittenMs'] = empty.writtenMs === undefined ? 'no rewrite' : round(empty.writtenMs);
  const poll = await timedSync(() => replica.syncModel());
  values['pollMs'] = round(poll.syncMs);
  values['pollWrittenMs'] = poll.writtenMs === undefined ? 'no rewrite' : round(poll.writtenMs);
  values['pollBlockedMs'] = round(Math.max(empty.blockedMs, poll.blockedMs));
  await send({ kind: 'result', values });

  phase('engine.apply');
  await replica.stop();
  const ids = samples.models
    .slice(0, DELTA_ENTRIES / 2)
    .concat(samples.articles.slice(0, DELTA_ENTRIES / 2))
    .map((sample) => sample.id);
  const applyTimes: number[] = [];
  for (let r = 0; r < APPLY_ROUNDS; r++) {
    const stored = new Map(engine.snapshot().entries.map((entry) => [entry.sys.id, entry]));
    const changes = ids.flatMap((id) => {
      const entry = stored.get(id);
      return entry ? [republished(entry, `apply ${r}`)] : [];
    });
    const start = performance.now();
    const seen = engine.apply({ entries: changes });
    applyTimes.push(performance.now() - start);
    if (seen.length !== changes.length) throw new Error(`engine.apply saw ${seen.length} changes of ${changes.length}`);
  }
  values['applyMs'] = round(median(applyTimes), 2);
  await send({ kind: 'result', values });

  phase('engine.replace (full re-index)');
  const snapshot = engine.snapshot();
  const start = performance.now();
  engine.replace(snapshot);
  values['replaceMs'] = round(performance.now() - start);
  values['replacePeakRss'] = peakRssMb();
  await send({ kind: 'result', values });
}

/** A restart's steps one by one, as readReplicaFile and the replica's start take them. */
async function runLoad(dir: string): Promise<void> {
  const file = replicaPath(dir, SPACE, ENVIRONMENT);
  const values: Values = {};
  let at = performance.now();
  const lap = (key: string) => {
    const now = performance.now();
    values[key] = round(now - at);
    at = now;
  };
  phase('read');
  const text = await readFile(file, 'utf8');
  lap('readMs');
  const newline = text.indexOf('\n');
  const body = text.slice(newline + 1);
  createHash('sha256').update(body).digest('hex');
  lap('checksumMs');
  phase('JSON.parse');
  const json: unknown = JSON.parse(body);
  lap('parseMs');
  phase('validate');
  const { space } = parseSpaceExport(json, file);
  lap('validateMs');
  phase('index');
  createCdaEngine(space, { assetBaseUrl: false, spaceId: SPACE, environmentId: ENVIRONMENT });
  lap('indexMs');
  await send({ kind: 'result', values });
}

/** createContentStack from the replica file, then cold content for pages through the ContentService. */
async function runRestart(origin: string, dir: string, calls: number): Promise<void> {
  const samples = JSON.parse(readFileSync(join(dir, 'samples.json'), 'utf8')) as Samples;
  const values: Values = {};
  const config = loadConfig(
    { CONTENTFUL_SPACE_ID: SPACE, CONTENTFUL_ACCESS_TOKEN: FAKE_TOKENS.delivery, CONTENTFUL_HOST: origin, DATA_DIR: dir, CONTENTFUL_SYNC_POLL_MS: '0' },
    'bench',
  );
  phase('restart');
  const started = performance.now();
  const stack = await createContentStack(config, pino({ level: 'silent' }));
  values['restartMs'] = round(performance.now() - started);
  // The replica's start syncs in the background (the model too) and rewrites the file: pages are timed after that (stop
  // waits for the write; the engine keeps serving, only polling ends).
  await stack.clients.replica?.sync();
  await stack.clients.replica?.stop();
  const memory = await settledMemory();
  values['restartRss'] = memory.rss;
  values['restartHeap'] = memory.heapUsed;
  await send({ kind: 'result', values });

  const { content, cache } = stack;
  const o: QueryOptions = { locale: 'en-US', preview: false };
  async function timed(label: string, times: number, each: (at: number) => Promise<unknown>): Promise<void> {
    phase(label);
    const wall: number[] = [];
    const cpu = process.cpuUsage();
    for (let at = 0; at < times; at++) {
      const start = performance.now();
      await each(at);
      wall.push(performance.now() - start);
    }
    const used = process.cpuUsage(cpu);
    values[`${label}Ms`] = round(median(wall), 2);
    values[`${label}CpuMs`] = round((used.user + used.system) / 1000 / times, 2);
    await send({ kind: 'result', values });
  }
  // Tags and taxonomy are read once per cache: warm them, as any earlier page has.
  await content.listTags(o);
  await timed('model', Math.min(calls, samples.models.length), async (at) => {
    const model = await content.getModel(samples.models[at]?.slug ?? '', o);
    if (!model) throw new Error(`no model ${samples.models[at]?.slug}`);
    await content.getLinkingEntries(model.id, o);
  });
  await timed('article', Math.min(calls, samples.articles.length), async (at) => {
    if (!(await content.getArticle(samples.articles[at]?.slug ?? '', o))) throw new Error(`no article ${samples.articles[at]?.slug}`);
  });
  // One key each: the cache is cleared before each call (then tags and taxonomy are read again too).
  const listCalls = Math.max(5, Math.round(calls / 20));
  await timed('home', listCalls, async () => {
    cache.clear();
    await Promise.all([content.listModels({ featured: true }, o), content.listArticles({ limit: 4 }, o)]);
  });
  await timed('models', listCalls, async () => {
    cache.clear();
    await Promise.all([content.listModels({}, o), content.listCategories(o)]);
  });
  values['pagesRss'] = (await settledMemory()).rss;
  await send({ kind: 'result', values });
}

// ---------------------------------------------------------------------------------------------------------------------------
// The orchestrator.

interface ChildOutcome {
  values: Values;
  /** Where a child that failed was, and the end of what it wrote to stderr. */
  failure?: string;
}

function start(role: string, extra: string[], execArgv: string[]): ChildProcess {
  return fork(import.meta.filename, ['--role', role, ...extra], { execArgv, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
}

/** Runs a measuring child to its end, collecting what it sends; a crash (out of memory, say) keeps what came before. */
async function measure(role: string, extra: string[], execArgv: string[]): Promise<ChildOutcome> {
  const child = start(role, extra, execArgv);
  const outcome: ChildOutcome = { values: {} };
  let current = 'start';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  child.on('message', (message: Message) => {
    if (message.kind === 'phase') current = message.name;
    if (message.kind === 'result') Object.assign(outcome.values, message.values);
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    const reason = /heap out of memory|Invalid string length|RangeError[^\n]*|Error:[^\n]*/.exec(stderr)?.[0] ?? `exit ${code ?? signal}`;
    outcome.failure = `${role} failed during "${current}": ${reason}`;
    process.stderr.write(`${outcome.failure}\n${stderr}\n`);
  }
  return outcome;
}

async function runSize(size: number, calls: number, execArgv: string[]): Promise<{ values: Values; failures: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-replica-'));
  // The fake holds the generated space, its index and its sync log: a large heap, so it is never what breaks.
  const fake = start('fake', ['--size', String(size), '--calls', String(calls), '--dir', dir], ['--max-old-space-size=8192']);
  fake.stderr?.pipe(process.stderr);
  try {
    const ready = await new Promise<string>((resolve, reject) => {
      fake.on('message', (message: Message) => message.kind === 'ready' && resolve(message.origin));
      fake.once('exit', (code) => reject(new Error(`the fake Contentful exited (${code}) before it was ready`)));
    });
    const samples = JSON.parse(readFileSync(join(dir, 'samples.json'), 'utf8')) as Samples;
    const common = ['--origin', ready, '--dir', dir, '--calls', String(calls)];
    const values: Values = { entries: samples.entries, assets: samples.assets };
    const failures: string[] = [];
    const sync = await measure('sync', [...common, '--fake-pid', String(fake.pid)], execArgv);
    Object.assign(values, sync.values);
    if (sync.failure) {
      const stats = (await (await fetch(`${ready}/__bench/stats`)).json()) as { syncPages: number; pages: number };
      failures.push(`${sync.failure} (the fake had served ${stats.syncPages} sync pages of the ${stats.pages} an initial sync takes)`);
    }
    if (values['fileMb'] !== undefined) {
      for (const role of ['load', 'restart']) {
        const outcome = await measure(role, common, execArgv);
        Object.assign(values, outcome.values);
        if (outcome.failure) failures.push(outcome.failure);
      }
    }
    return { values, failures };
  } finally {
    if (fake.connected) fake.disconnect();
    fake.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizes = args.sizes.split(',').map(Number);
  const calls = Number(args.calls);
  const setting = args['heap-limit-mb'];
  const heapSetting: HeapLimitSetting = setting === 'auto' || setting === 'off' ? setting : Number(setting);
  if (sizes.some((size) => !Number.isInteger(size) || size < 100) || !(calls > 0) || (typeof heapSetting === 'number' && !(heapSetting >= 32)))
    throw new Error('usage: --sizes 1000,10000,… (at least 100 each) --calls <n> --heap-limit-mb auto|off|<MB>');
  // The heap flags a production server gets on this machine (one process), so the ceiling found is the default one.
  const heap = heapFlags(heapSetting, availableMemoryBytes(), 1);
  const execArgv = ['--expose-gc', ...heap];
  process.stdout.write(`${machineLine()}\nmeasuring children run with ${execArgv.join(' ')}\n`);
  const results: Array<{ size: number; values: Values; failures: string[] }> = [];
  for (const size of sizes) {
    const started = performance.now();
    process.stdout.write(`\n${size} entries…\n`);
    const result = await runSize(size, calls, execArgv);
    results.push({ size, ...result });
    process.stdout.write(`${size} entries: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  const cell = (values: Values, key: string, unit = '') => (values[key] === undefined ? '—' : `${values[key]}${typeof values[key] === 'number' ? unit : ''}`);
  const seconds = (values: Values, key: string) => (typeof values[key] === 'number' ? (values[key] / 1000).toFixed(1) : cell(values, key));
  const columns = (rows: Array<[string, (values: Values) => string]>) => [
    ['', ...results.map((r) => `${r.values['entries'] ?? r.size} entries`)],
    ...rows.map(([label, read]) => [label, ...results.map((r) => read(r.values))]),
  ];
  const syncTable = columns([
    ['assets', (v) => cell(v, 'assets')],
    ['replica file, MB', (v) => cell(v, 'fileMb')],
    ['initial sync to file written, s (wall)', (v) => seconds(v, 'initialMs')],
    ['… of which fetched, validated, indexed, s', (v) => seconds(v, 'initialIndexedMs')],
    ['… replica CPU / fake CPU, s', (v) => `${seconds(v, 'initialCpuMs')} / ${seconds(v, 'fakeCpuMs')}`],
    ['RSS / heap used before the sync (modules loaded, GC), MB', (v) => `${cell(v, 'baseRss')} / ${cell(v, 'baseHeap')}`],
    ['peak RSS during the initial sync, MB', (v) => cell(v, 'syncPeakRss')],
    ['RSS / heap used after sync + GC, MB', (v) => `${cell(v, 'syncRss')} / ${cell(v, 'syncHeap')}`],
    [`idle RSS / heap used (${QUIET_MS / 1000} s quiet, GC), MB`, (v) => `${cell(v, 'idleRss')} / ${cell(v, 'idleHeap')}`],
    [`${DELTA_ENTRIES}-entry delta: fetched and applied (log), ms`, (v) => cell(v, 'deltaAppliedMs')],
    ['… replica.sync() resolved, ms', (v) => cell(v, 'deltaMs')],
    ['… until the file is rewritten, ms', (v) => cell(v, 'deltaWrittenMs')],
    ['… longest event-loop block, ms', (v) => cell(v, 'deltaBlockedMs')],
    [`engine.apply of ${DELTA_ENTRIES} entries alone, ms`, (v) => cell(v, 'applyMs')],
    ['full re-index (engine.replace), ms', (v) => cell(v, 'replaceMs')],
    ["republished entries served with the CDA's sys.revision", (v) => cell(v, 'revisionServed')],
    ['sync with nothing new: replica.sync(), ms / file rewritten at', (v) => `${cell(v, 'emptyMs')} / ${cell(v, 'emptyWrittenMs')}`],
    ['poll with the model: syncModel(), ms / file rewritten at', (v) => `${cell(v, 'pollMs')} / ${cell(v, 'pollWrittenMs')}`],
    ['… longest event-loop block, ms', (v) => cell(v, 'pollBlockedMs')],
  ]);
  const restartTable = columns([
    ['restart from the file (createContentStack), s', (v) => seconds(v, 'restartMs')],
    ['… read / checksum / JSON.parse, ms', (v) => `${cell(v, 'readMs')} / ${cell(v, 'checksumMs')} / ${cell(v, 'parseMs')}`],
    ['… validate (parseSpaceExport) / index, ms', (v) => `${cell(v, 'validateMs')} / ${cell(v, 'indexMs')}`],
    ['RSS / heap used after restart + GC, MB', (v) => `${cell(v, 'restartRss')} / ${cell(v, 'restartHeap')}`],
    ['cold model page content (getModel + getLinkingEntries), median ms / CPU ms', (v) => `${cell(v, 'modelMs')} / ${cell(v, 'modelCpuMs')}`],
    ['cold article page content (getArticle), median ms / CPU ms', (v) => `${cell(v, 'articleMs')} / ${cell(v, 'articleCpuMs')}`],
    ['home content, cache cleared (featured models + 4 articles), ms', (v) => cell(v, 'homeMs')],
    ['models page content, cache cleared (listModels + listCategories), ms', (v) => cell(v, 'modelsMs')],
    ['RSS after the page calls + GC, MB', (v) => cell(v, 'pagesRss')],
  ]);
  process.stdout.write(`\n${machineLine()}\n\n${markdownTable(syncTable)}\n\n${markdownTable(restartTable)}\n`);
  for (const { size, failures } of results) for (const failure of failures) process.stdout.write(`\n${size} entries: ${failure}\n`);
}

const positive = (value: string | undefined, name: string) => {
  const number = Number(value);
  if (!(number > 0)) throw new Error(`--${name} is required`);
  return number;
};

switch (args.role) {
  case undefined:
    await main();
    break;
  case 'fake':
    await runFake(positive(args.size, 'size'), Number(args.calls), args.dir ?? '');
    break;
  case 'sync':
    await runSync(args.origin ?? '', args.dir ?? '', positive(args['fake-pid'], 'fake-pid'));
    process.exit(0);
    break;
  case 'load':
    await runLoad(args.dir ?? '');
    process.exit(0);
    break;
  case 'restart':
    await runRestart(args.origin ?? '', args.dir ?? '', Number(args.calls));
    process.exit(0);
    break;
  default:
    throw new Error(`unknown --role ${args.role}`);
}
