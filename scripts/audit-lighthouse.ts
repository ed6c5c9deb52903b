/**
 * `npm run audit:lighthouse [-- --runs <n>] [--build] [--mobile] [path…]`: Lighthouse 13 mobile and desktop (only mobile
 * with --mobile), median of --runs (default 3), on the production build; prints scores, lost points, CPU benchmark and
 * machine load; writes bench-results/lighthouse.json. Not in CI.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/support/browser.ts';
import { ensureBuild, ROOT, startServer } from '../tests/e2e/support/server.ts';
import { cachedTool, median, table } from './bench/lib.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FORM_FACTORS = ['mobile', 'desktop'] as const;
const DEFAULT_PAGES = ['/', '/articles/behind-the-vitrine', '/models/ostra-lounge-chair'];
/** The targets: mobile performance, mobile paint times (ADR 058), and every other category on both form factors. */
const TARGETS = { mobilePerformance: 97, others: 100, mobileMs: { 'first-contentful-paint': 1200, 'largest-contentful-paint': 1500 } } as const;
const PAINTS = Object.keys(TARGETS.mobileMs) as Array<keyof typeof TARGETS.mobileMs>;
const OUT_DIR = join(ROOT, 'bench-results');
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
/** Above this share of busy cores at the start, the scores say more about the machine than the pages. */
const BUSY_LOAD = 0.5;

type Category = (typeof CATEGORIES)[number];
type FormFactor = (typeof FORM_FACTORS)[number];
interface LhReport {
  lighthouseVersion: string;
  runWarnings: string[];
  environment?: { benchmarkIndex?: number };
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number }>;
}
/** Median scores over the runs; Lighthouse's CPU benchmark per run (tells a slow machine from a slow page); metrics and lost points of the median run. */
type Summary = ReturnType<typeof summarize>['summary'];

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, build: { type: 'boolean', default: false }, mobile: { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(args.runs));

const LIGHTHOUSE_CLI = cachedTool('lighthouse-13', 'lighthouse@13', 'lighthouse/cli/index.js');

/** One run; Lighthouse sometimes fails a run on a loaded machine (NO_NAVSTART, NO_FCP), so that run is tried up to twice more. */
function runLighthouse(url: string, formFactor: FormFactor, workDir: string, attempt = 0): LhReport {
  const output = join(workDir, 'report.json');
  const flags = [url, '--output=json', `--output-path=${output}`, `--only-categories=${CATEGORIES.join(',')}`, '--quiet'];
  flags.push(`--chrome-flags=--headless=new ${CHROMIUM_FLAGS.filter((f) => f !== '--disable-default-apps').join(' ')}`);
  if (formFactor === 'desktop') flags.push('--preset=desktop');
  const result = spawnSync(process.execPath, [LIGHTHOUSE_CLI, ...flags], { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8' });
  if (result.status === 0) return JSON.parse(readFileSync(output, 'utf8')) as LhReport;
  if (attempt >= 2) throw new Error(`lighthouse ${formFactor} ${url} exited with ${result.status}:\n${result.stderr}`);
  const reason = /^.*Runtime error.*$/m.exec(result.stderr)?.[0].trim() ?? 'failed';
  process.stdout.write(`  run failed (${reason}), trying again\n`);
  return runLighthouse(url, formFactor, workDir, attempt + 1);
}

const score = (report: LhReport, category: Category) => Math.round((report.categories[category].score ?? 0) * 100);
const perCategory = <T>(fn: (c: Category) => T) => Object.fromEntries(CATEGORIES.map((c) => [c, fn(c)])) as Record<Category, T>;

/** The audits of a category (metrics and insights alike) that did not score full marks. */
function lostPoints(report: LhReport, category: Category): string[] {
  return report.categories[category].auditRefs
    .map((ref) => [ref.id, report.audits[ref.id]] as const)
    .filter(([, a]) => a && a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
    .map(([id, a]) => `${id} (${Math.round((a?.score ?? 0) * 100)}${a?.displayValue ? `, ${a.displayValue}` : ''})`);
}

function summarize(path: string, formFactor: FormFactor, reports: LhReport[]) {
  const runs = reports.map((r) => perCategory((c) => score(r, c)));
  const medianScores = perCategory((c) => median(runs.map((run) => run[c])));
  const medianReport = reports.find((r) => score(r, 'performance') === medianScores.performance) ?? reports[0]!;
  const summary = {
    path,
    formFactor,
    median: medianScores,
    runs,
    benchmarkIndex: reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? NaN)),
    metrics: Object.fromEntries(METRICS.map((id) => [id, medianReport.audits[id]?.displayValue ?? ''])),
    /** Median over the runs of each paint time, in ms (the median run's own times are in `metrics`). */
    paintMs: Object.fromEntries(PAINTS.map((id) => [id, Math.round(median(reports.map((r) => r.audits[id]?.numericValue ?? NaN)))])),
    lostPoints: perCategory((c) => lostPoints(medianReport, c)),
    runWarnings: [...new Set(reports.flatMap((r) => r.runWarnings))],
  };
  return { summary, medianReport };
}

function missedTargets(s: Summary): string[] {
  const paints = s.formFactor === 'mobile' ? PAINTS.filter((id) => !((s.paintMs[id] ?? NaN) <= TARGETS.mobileMs[id])) : [];
  const slow = paints.map((id) => `${s.path} ${s.formFactor} ${id}: ${s.paintMs[id]} ms > ${TARGETS.mobileMs[id]} ms`);
  return slow.concat(
    CATEGORIES.flatMap((c) => {
      const target = c === 'performance' ? (s.formFactor === 'mobile' ? TARGETS.mobilePerformance : undefined) : TARGETS.others;
      return target !== undefined && s.median[c] < target ? [`${s.path} ${s.formFactor} ${c}: ${s.median[c]} < ${target}`] : [];
    }),
  );
}

function printSummaries(summaries: Summary[]): void {
  const header = ['page', 'form factor', 'perf', 'a11y', 'best pr.', 'SEO', 'perf runs', 'CPU index', 'FCP ms', 'LCP ms', 'TBT', 'CLS'];
  const rows = summaries.map((s) => [
    s.path,
    s.formFactor,
    ...CATEGORIES.map((c) => String(s.median[c])),
    s.runs.map((r) => r.performance).join('/'),
    s.benchmarkIndex.join('/'),
    ...PAINTS.map((id) => String(s.paintMs[id])),
    ...['total-blocking-time', 'cumulative-layout-shift'].map((id) => s.metrics[id] ?? ''),
  ]);
  process.stdout.write(`\n${table([header, ...rows], 2)}\n(median of ${RUNS} runs, FCP and LCP too; perf runs lists each run)\n`);
  for (const s of summaries) {
    const lost = CATEGORIES.flatMap((c) => s.lostPoints[c].map((a) => `${c}: ${a}`));
    if (lost.length > 0) process.stdout.write(`\n${s.path} ${s.formFactor}, median run:\n  ${lost.join('\n  ')}\n`);
  }
}

/** The 1-minute load average, as a share of the cores (1 = every core busy). */
const machineLoad = () => Math.round(((loadavg()[0] ?? 0) / availableParallelism()) * 100) / 100;

ensureBuild(ROOT, args.build);
const loadAtStart = machineLoad();
process.stdout.write(`machine load at start: ${loadAtStart} of ${availableParallelism()} cores busy (1-minute average)\n`);
if (loadAtStart > BUSY_LOAD)
  process.stdout.write(`warning: the machine is busy (load ${loadAtStart} > ${BUSY_LOAD}); scores will read lower than on a quiet machine\n`);
const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
const workDir = mkdtempSync(join(tmpdir(), 'vitrine-lighthouse-'));
const summaries: Summary[] = [];
let version = '';
mkdirSync(join(OUT_DIR, 'lighthouse'), { recursive: true });
try {
  for (const path of positionals.length > 0 ? positionals : DEFAULT_PAGES) {
    for (const formFactor of args.mobile ? (['mobile'] as const) : FORM_FACTORS) {
      const reports: LhReport[] = [];
      for (let run = 1; run <= RUNS; run++) {
        process.stdout.write(`lighthouse ${formFactor} ${path} run ${run}/${RUNS}\n`);
        reports.push(runLighthouse(`${server.url}${path}`, formFactor, workDir));
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

printSummaries(summaries);
const loadAtEnd = machineLoad();
process.stdout.write(
  `machine load: ${loadAtStart} at start, ${loadAtEnd} at the end (share of ${availableParallelism()} cores; Lighthouse's own runs count too)\n`,
);
const missed = summaries.flatMap(missedTargets);
const machine = { cores: availableParallelism(), loadAtStart, loadAtEnd };
const result = {
  generatedAt: new Date().toISOString(),
  lighthouseVersion: version,
  machine,
  runsPerPage: RUNS,
  targets: TARGETS,
  missedTargets: missed,
  pages: summaries,
};
writeFileSync(join(OUT_DIR, 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`\n${missed.length === 0 ? 'all targets met' : `targets missed:\n  ${missed.join('\n  ')}`}\nsummary: bench-results/lighthouse.json\n`);
