/** `npm run audit:lighthouse [-- --runs <n>] [--build] [--mobile] [path…]`: median runs' reports go to bench-results/lighthouse/. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/support/browser.ts';
import { ensureBuild, ROOT } from '../tests/e2e/support/server.ts';
import { cachedTool, median, startBenchServer, table } from './bench/lib.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DEFAULT_PAGES = ['/', '/articles/behind-the-vitrine', '/models/ostra-lounge-chair'];
/** Paint times (ADR 058) on mobile only. */
const TARGETS = { mobilePerformance: 97, others: 100, mobileMs: { 'first-contentful-paint': 1200, 'largest-contentful-paint': 1500 } } as const;
const PAINTS = Object.keys(TARGETS.mobileMs) as Array<keyof typeof TARGETS.mobileMs>;
const SHOWN = ['total-blocking-time', 'cumulative-layout-shift'];
const OUT_DIR = join(ROOT, 'bench-results');
/** Above this share of busy cores at the start, the scores say more about the machine than the pages. */
const BUSY_LOAD = 0.5;

type Category = (typeof CATEGORIES)[number];
type FormFactor = 'mobile' | 'desktop';
interface LhReport {
  environment?: { benchmarkIndex?: number };
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number }>;
}
type Summary = ReturnType<typeof summarize>;

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, build: { type: 'boolean', default: false }, mobile: { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(args.runs));
const LIGHTHOUSE_CLI = cachedTool('lighthouse-13', 'lighthouse@13', 'lighthouse/cli/index.js');

/** Lighthouse sometimes fails a run on a loaded machine (NO_NAVSTART, NO_FCP). */
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
const targetOf = (c: Category, formFactor: FormFactor) => (c !== 'performance' ? TARGETS.others : formFactor === 'mobile' ? TARGETS.mobilePerformance : 0);

function lostPoints(report: LhReport, category: Category): string[] {
  return report.categories[category].auditRefs
    .map((ref) => [ref.id, report.audits[ref.id]] as const)
    .filter(([, a]) => a && a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
    .map(([id, a]) => `${id} (${Math.round((a?.score ?? 0) * 100)}${a?.displayValue ? `, ${a.displayValue}` : ''})`);
}

/** Each run's CPU benchmark tells a slow machine from a slow page. */
function summarize(path: string, formFactor: FormFactor, reports: LhReport[]) {
  const runs = reports.map((r) => perCategory((c) => score(r, c)));
  const medianScores = perCategory((c) => median(runs.map((run) => run[c])));
  const medianReport = reports.find((r) => score(r, 'performance') === medianScores.performance) ?? reports[0]!;
  return {
    path,
    formFactor,
    median: medianScores,
    runs,
    benchmarkIndex: reports.map((r) => Math.round(r.environment?.benchmarkIndex ?? NaN)),
    shown: SHOWN.map((id) => medianReport.audits[id]?.displayValue ?? ''),
    paintMs: Object.fromEntries(PAINTS.map((id) => [id, Math.round(median(reports.map((r) => r.audits[id]?.numericValue ?? NaN)))])),
    lostPoints: perCategory((c) => lostPoints(medianReport, c)),
    medianReport,
  };
}

function missedTargets({ path, formFactor, median, paintMs }: Summary): string[] {
  const paints = formFactor === 'mobile' ? PAINTS.filter((id) => !((paintMs[id] ?? NaN) <= TARGETS.mobileMs[id])) : [];
  const scores = CATEGORIES.filter((c) => median[c] < targetOf(c, formFactor));
  const missed = [
    ...paints.map((id) => `${id}: ${paintMs[id]} ms > ${TARGETS.mobileMs[id]} ms`),
    ...scores.map((c) => `${c}: ${median[c]} < ${targetOf(c, formFactor)}`),
  ];
  return missed.map((line) => `${path} ${formFactor} ${line}`);
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
    ...s.shown,
  ]);
  process.stdout.write(`\n${table([header, ...rows], 2)}\n(median of ${RUNS} runs, FCP and LCP too; perf runs lists each run)\n`);
  for (const s of summaries) {
    const lost = CATEGORIES.flatMap((c) => s.lostPoints[c].map((a) => `${c}: ${a}`));
    if (lost.length > 0) process.stdout.write(`\n${s.path} ${s.formFactor}, median run:\n  ${lost.join('\n  ')}\n`);
  }
}

/** 1 = every core busy. */
const machineLoad = () => Math.round(((loadavg()[0] ?? 0) / availableParallelism()) * 100) / 100;

ensureBuild(ROOT, args.build);
const loadAtStart = machineLoad();
process.stdout.write(`machine load at start: ${loadAtStart} of ${availableParallelism()} cores busy (1-minute average)\n`);
if (loadAtStart > BUSY_LOAD)
  process.stdout.write(`warning: the machine is busy (load ${loadAtStart} > ${BUSY_LOAD}); scores will read lower than on a quiet machine\n`);
const server = await startBenchServer();
const workDir = mkdtempSync(join(tmpdir(), 'vitrine-lighthouse-'));
const summaries: Summary[] = [];
mkdirSync(join(OUT_DIR, 'lighthouse'), { recursive: true });
try {
  for (const path of positionals.length > 0 ? positionals : DEFAULT_PAGES) {
    for (const formFactor of args.mobile ? (['mobile'] as const) : (['mobile', 'desktop'] as const)) {
      const reports: LhReport[] = [];
      for (let run = 1; run <= RUNS; run++) {
        process.stdout.write(`lighthouse ${formFactor} ${path} run ${run}/${RUNS}\n`);
        reports.push(runLighthouse(`${server.url}${path}`, formFactor, workDir));
      }
      const summary = summarize(path, formFactor, reports);
      summaries.push(summary);
      const slug = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      writeFileSync(join(OUT_DIR, 'lighthouse', `${slug}-${formFactor}.json`), JSON.stringify(summary.medianReport));
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
process.stdout.write(`\n${missed.length === 0 ? 'all targets met' : `targets missed:\n  ${missed.join('\n  ')}`}\nreports: bench-results/lighthouse/\n`);
