/**
 * Lighthouse audit of the production build (`npm run audit:lighthouse`; not
 * part of CI, since scores swing with the machine's load).
 *
 *   node scripts/audit-lighthouse.ts [--runs <n>] [--build] [path…]
 *
 * Builds when dist/ is missing (or with --build), starts the production
 * server on a free port, and runs Lighthouse 13 mobile and desktop, --runs
 * times each (default 3), on the home page, an article and a model page.
 * Prints the median category scores per page and form factor with the audits
 * that cost points, writes the summary to bench-results/lighthouse.json and
 * each median run's full report to bench-results/lighthouse/.
 *
 * Lighthouse simulates a slow phone by scaling the main-thread time it
 * observes, so scores also measure the machine. To tell a slow page from a
 * slow or busy machine, the report gives Lighthouse's own CPU benchmark
 * (`benchmarkIndex`, higher is faster) for every run and the load average
 * before and after, and warns when the machine is already busy at the start.
 *
 * Lighthouse is not a project dependency: it is installed on first use into
 * ~/.cache/vitrine/lighthouse-13 (outside the repo) and run with Debian's
 * Chromium and the flags from BROWSER.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { CHROMIUM_PATH } from '../tests/e2e/support/browser.ts';
import { ROOT, SERVER_ENTRY, startServer } from '../tests/e2e/support/server.ts';

const LIGHTHOUSE_PREFIX = join(homedir(), '.cache', 'vitrine', 'lighthouse-13');
const LIGHTHOUSE_CLI = join(LIGHTHOUSE_PREFIX, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FORM_FACTORS = ['mobile', 'desktop'] as const;
const DEFAULT_PAGES = ['/', '/articles/behind-the-vitrine', '/models/ostra-lounge-chair'];
/** The issue's targets: mobile performance, and every other category on both form factors. */
const TARGETS = { mobilePerformance: 95, others: 100 } as const;
const OUT_DIR = join(ROOT, 'bench-results');

type Category = (typeof CATEGORIES)[number];
type FormFactor = (typeof FORM_FACTORS)[number];

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}
interface LhReport {
  lighthouseVersion: string;
  runWarnings: string[];
  environment?: { benchmarkIndex?: number };
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, LhAudit>;
}

interface Summary {
  path: string;
  formFactor: FormFactor;
  /** Median score per category over the runs (0–100). */
  median: Record<Category, number>;
  runs: Array<Record<Category, number>>;
  /** Lighthouse's CPU benchmark per run (higher is faster): tells a slow machine from a slow page. */
  benchmarkIndex: number[];
  /** Metrics of the median-performance run. */
  metrics: Record<string, string>;
  /** Audits that cost points in the median-performance run, per category. */
  lostPoints: Record<Category, string[]>;
  runWarnings: string[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, build: { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(args.runs));

function ensureLighthouse(): void {
  if (existsSync(LIGHTHOUSE_CLI)) return;
  process.stdout.write(`installing lighthouse@13 into ${LIGHTHOUSE_PREFIX} (once)\n`);
  const result = spawnSync('npm', ['install', '--prefix', LIGHTHOUSE_PREFIX, '--no-audit', '--no-fund', '--ignore-scripts', 'lighthouse@13'], {
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(LIGHTHOUSE_CLI)) throw new Error(`could not install lighthouse@13 into ${LIGHTHOUSE_PREFIX}`);
}

function ensureBuild(): void {
  if (!args.build && existsSync(SERVER_ENTRY) && existsSync(join(ROOT, 'dist/client/.vite/manifest.json'))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

function runLighthouse(url: string, formFactor: FormFactor, workDir: string): LhReport {
  const output = join(workDir, 'report.json');
  const flags = [
    url,
    '--output=json',
    `--output-path=${output}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--quiet',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = spawnSync(process.execPath, [LIGHTHOUSE_CLI, ...flags], { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`lighthouse ${formFactor} ${url} exited with ${result.status}:\n${result.stderr}`);
  return JSON.parse(readFileSync(output, 'utf8')) as LhReport;
}

/** Lighthouse itself sometimes fails a run on a loaded machine (NO_NAVSTART, NO_FCP): try that run again. */
const RETRIES = 2;

function runWithRetries(run: () => LhReport): LhReport {
  for (let attempt = 0; ; attempt++) {
    try {
      return run();
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      const reason = (error instanceof Error ? error.message : String(error)).split('\n').find((l) => l.includes('Runtime error')) ?? 'failed';
      process.stdout.write(`  run failed (${reason.trim()}), trying again\n`);
    }
  }
}

const score = (report: LhReport, category: Category) => Math.round((report.categories[category].score ?? 0) * 100);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const IGNORED_MODES = new Set(['informative', 'notApplicable', 'manual']);

/** The audits of a category (metrics and insights alike) that did not score full marks. */
function lostPoints(report: LhReport, category: Category): string[] {
  return report.categories[category].auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((audit): audit is LhAudit => audit !== undefined && audit.score !== null && audit.score < 1 && !IGNORED_MODES.has(audit.scoreDisplayMode))
    .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

function summarize(path: string, formFactor: FormFactor, reports: LhReport[]): { summary: Summary; medianReport: LhReport } {
  const runs = reports.map((r) => Object.fromEntries(CATEGORIES.map((c) => [c, score(r, c)])) as Record<Category, number>);
  const medianRecord = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((run) => run[c]))])) as Record<Category, number>;
  const medianReport = reports.find((r) => score(r, 'performance') === medianRecord.performance) ?? (reports[0] as LhReport);
  const metrics = Object.fromEntries(METRICS.map((id) => [id, medianReport.audits[id]?.displayValue ?? '']));
  const lost = Object.fromEntries(CATEGORIES.map((c) => [c, lostPoints(medianReport, c)])) as Record<Category, string[]>;
  const runWarnings = [...new Set(reports.flatMap((r) => r.runWarnings))];
  const benchmarkIndex = reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? NaN));
  return { summary: { path, formFactor, median: medianRecord, runs, benchmarkIndex, metrics, lostPoints: lost, runWarnings }, medianReport };
}

function missedTargets(summary: Summary): string[] {
  return CATEGORIES.flatMap((c) => {
    const target = c === 'performance' ? (summary.formFactor === 'mobile' ? TARGETS.mobilePerformance : undefined) : TARGETS.others;
    return target !== undefined && summary.median[c] < target ? [`${summary.path} ${summary.formFactor} ${c}: ${summary.median[c]} < ${target}`] : [];
  });
}

function printTable(summaries: Summary[]): void {
  const header = ['page', 'form factor', 'perf', 'a11y', 'best pr.', 'SEO', 'perf runs', 'CPU index', 'LCP', 'TBT', 'CLS'];
  const rows = summaries.map((s) => [
    s.path,
    s.formFactor,
    ...CATEGORIES.map((c) => String(s.median[c])),
    s.runs.map((r) => r.performance).join('/'),
    s.benchmarkIndex.join('/'),
    s.metrics['largest-contentful-paint'] ?? '',
    s.metrics['total-blocking-time'] ?? '',
    s.metrics['cumulative-layout-shift'] ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  process.stdout.write(`\n${[line(header), ...rows.map(line)].join('\n')}\n(median of ${RUNS} runs; perf runs lists each run)\n`);
  for (const s of summaries) {
    const lost = CATEGORIES.flatMap((c) => s.lostPoints[c].map((a) => `${c}: ${a}`));
    if (lost.length > 0) process.stdout.write(`\n${s.path} ${s.formFactor}, median run:\n  ${lost.join('\n  ')}\n`);
  }
}

/** The 1-minute load average, as a share of the cores (1 = every core busy). */
const machineLoad = () => Math.round(((loadavg()[0] ?? 0) / availableParallelism()) * 100) / 100;
/** Above this share of busy cores at the start, the scores say more about the machine than the pages. */
const BUSY_LOAD = 0.5;

async function main(): Promise<number> {
  ensureLighthouse();
  ensureBuild();
  const loadAtStart = machineLoad();
  process.stdout.write(`machine load at start: ${loadAtStart} of ${availableParallelism()} cores busy (1-minute average)\n`);
  if (loadAtStart > BUSY_LOAD) {
    process.stdout.write(`warning: the machine is busy (load ${loadAtStart} > ${BUSY_LOAD}); scores will read lower than on a quiet machine\n`);
  }
  const paths = positionals.length > 0 ? positionals : DEFAULT_PAGES;
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  const workDir = mkdtempSync(join(tmpdir(), 'vitrine-lighthouse-'));
  const summaries: Summary[] = [];
  let version = '';
  mkdirSync(join(OUT_DIR, 'lighthouse'), { recursive: true });
  try {
    for (const path of paths) {
      for (const formFactor of FORM_FACTORS) {
        const reports: LhReport[] = [];
        for (let run = 1; run <= RUNS; run++) {
          process.stdout.write(`lighthouse ${formFactor} ${path} run ${run}/${RUNS}\n`);
          reports.push(runWithRetries(() => runLighthouse(`${server.url}${path}`, formFactor, workDir)));
        }
        const { summary, medianReport } = summarize(path, formFactor, reports);
        version = medianReport.lighthouseVersion;
        summaries.push(summary);
        const slug = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        writeFileSync(join(OUT_DIR, 'lighthouse', `${slug}-${formFactor}.json`), JSON.stringify(medianReport));
      }
    }
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }

  printTable(summaries);
  const loadAtEnd = machineLoad();
  process.stdout.write(
    `machine load: ${loadAtStart} at start, ${loadAtEnd} at the end (share of ${availableParallelism()} cores; Lighthouse's own runs count too)\n`,
  );
  const missed = summaries.flatMap(missedTargets);
  const result = {
    generatedAt: new Date().toISOString(),
    lighthouseVersion: version,
    machine: { cores: availableParallelism(), loadAtStart, loadAtEnd },
    runsPerPage: RUNS,
    targets: TARGETS,
    missedTargets: missed,
    pages: summaries,
  };
  writeFileSync(join(OUT_DIR, 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`\n${missed.length === 0 ? 'all targets met' : `targets missed:\n  ${missed.join('\n  ')}`}\nsummary: bench-results/lighthouse.json\n`);
  return 0;
}

process.exit(await main());
