/**
 * Security-header audit of the production build (`npm run audit:headers`;
 * not part of CI: it installs a scanner on first use).
 *
 *   node scripts/audit-headers.ts [--build] [--no-browser] [path…]
 *
 * Builds when dist/ is missing (or with --build), starts the production
 * server behind a local TLS terminator (scripts/tls-terminator.ts, a
 * throwaway CA made with openssl) and grades it with Mozilla's HTTP
 * Observatory, the way a deployment behind a TLS load balancer is graded.
 * Over plain http on loopback the Observatory always deducts the https
 * redirect and HSTS, so the grade would say nothing. Then, unless
 * --no-browser, it opens each path (default: home, an article, a model page,
 * a click from the model list to a model page, and search; `a>b` clicks the
 * first link to `b…` on page `a`) in Debian's Chromium over https and counts
 * CSP violations and checks the 3D viewer still shows its model:
 * a strict policy is only worth its score if the pages still work under it.
 * Exits non-zero below A+ or on any violation.
 *
 * The Observatory (@mdn/mdn-http-observatory) is not a project dependency:
 * its install scripts download lists and fail offline, so it is installed
 * once with --ignore-scripts into ~/.cache/vitrine/observatory-1.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';

import { launchBrowser, openPage, waitForHydration } from '../tests/e2e/support/browser.ts';
import { ROOT, SERVER_ENTRY, startServer } from '../tests/e2e/support/server.ts';
import { startTlsTerminator } from './tls-terminator.ts';

import type { Browser } from 'playwright-core';

const OBSERVATORY_PREFIX = join(homedir(), '.cache', 'vitrine', 'observatory-1');
const OBSERVATORY_DIR = join(OBSERVATORY_PREFIX, 'node_modules', '@mdn', 'mdn-http-observatory');
const OBSERVATORY_SCAN = join(OBSERVATORY_DIR, 'src', 'scan.js');
/** Chromium's HSTS preload list, which the skipped install script would download. */
const HSTS_PRELOAD_LIST = join(OBSERVATORY_DIR, 'conf', 'hsts-preload.json');
const DEFAULT_PATHS = ['/', '/articles/behind-the-vitrine', '/models/ostra-lounge-chair', '/models>/models/', '/search?q=chair'];
/** How long the model page may take to show its first frame under SwiftShader. */
const VIEWER_READY_MS = 45_000;

interface ObservatoryTest {
  pass: boolean;
  result: string;
  scoreModifier: number;
}
interface ObservatoryResult {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests: Record<string, ObservatoryTest>;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'boolean', default: false }, 'no-browser': { type: 'boolean', default: false } },
});

function ensureObservatory(): void {
  // An empty preload list: a local host is never on it, and the real list needs the internet.
  if (existsSync(OBSERVATORY_SCAN) && !existsSync(HSTS_PRELOAD_LIST)) writeFileSync(HSTS_PRELOAD_LIST, '{}\n');
  if (existsSync(OBSERVATORY_SCAN)) return;
  process.stdout.write(`installing @mdn/mdn-http-observatory@1 into ${OBSERVATORY_PREFIX} (once)\n`);
  const result = spawnSync('npm', ['install', '--prefix', OBSERVATORY_PREFIX, '--no-audit', '--no-fund', '--ignore-scripts', '@mdn/mdn-http-observatory@1'], {
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(OBSERVATORY_SCAN)) throw new Error(`could not install the Observatory into ${OBSERVATORY_PREFIX}`);
  writeFileSync(HSTS_PRELOAD_LIST, '{}\n');
}

function ensureBuild(): void {
  if (!args.build && existsSync(SERVER_ENTRY)) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * Runs the scanner's CLI directly: its wrapper would replace NODE_EXTRA_CA_CERTS
 * with Mozilla's bundle. Asynchronously: the terminator lives in this process.
 */
async function runObservatory(host: string, caFile: string): Promise<ObservatoryResult> {
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: caFile };
  const result = await promisify(execFile)(process.execPath, [OBSERVATORY_SCAN, host], { encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
  const parsed = JSON.parse(result.stdout || '{}') as Partial<ObservatoryResult> & { error?: string };
  if (!parsed.scan || !parsed.tests) throw new Error(`Observatory failed: ${parsed.error ?? result.stderr}`);
  return parsed as ObservatoryResult;
}

function printObservatory(result: ObservatoryResult): void {
  const { grade, score, testsPassed, testsQuantity } = result.scan;
  process.stdout.write(`\nHTTP Observatory: ${grade}, score ${score} (${testsPassed}/${testsQuantity} tests passed)\n`);
  for (const [name, test] of Object.entries(result.tests)) {
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    process.stdout.write(`  ${test.pass ? 'pass' : 'FAIL'}  ${modifier.padStart(4)}  ${name}: ${test.result}\n`);
  }
}

/** Loads each path over https and returns the CSP violations seen (page events and console reports). */
async function findViolations(browser: Browser, origin: string, paths: string[]): Promise<string[]> {
  const violations: string[] = [];
  for (const path of paths) {
    const session = await openPage(browser, origin, { ignoreHTTPSErrors: true });
    await session.page.addInitScript(() => {
      const seen: string[] = [];
      (window as Window & { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));
    });
    // `>`: a client navigation from the page before it to the one after (e.g. `/models>/models/`).
    const [start = path, linkPrefix] = path.split('>');
    await session.page.goto(`${origin}${start}`);
    await waitForHydration(session.page);
    if (linkPrefix) await session.page.locator(`main a[href^="${linkPrefix}"]`).first().click();
    if (path.includes('/models/')) {
      await session.page.locator('figure[data-state="ready"], figure[data-state="error"]').first().waitFor({ timeout: VIEWER_READY_MS });
      const state = await session.page.locator('figure.mv-viewer').first().getAttribute('data-state');
      if (state !== 'ready') violations.push(`${path}: viewer ended in state ${state}`);
    }
    if (path.startsWith('/search')) await session.page.locator('main li a').first().waitFor({ timeout: 15_000 });
    const events = await session.page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations ?? []);
    const reports = session.watch.consoleProblems.filter((line) => /Content Security Policy/i.test(line));
    for (const line of [...events, ...reports]) violations.push(`${path}: ${line}`);
    process.stdout.write(`  ${path}: ${events.length + reports.length} CSP violation(s)\n`);
    await session.close();
  }
  return violations;
}

async function main(): Promise<number> {
  ensureObservatory();
  ensureBuild();
  // TRUST_PROXY=loopback: the terminator's X-Forwarded-Proto makes requests secure (HSTS, upgrade-insecure-requests).
  const server = await startServer({ env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' } });
  const tls = await startTlsTerminator(server.url);
  try {
    process.stdout.write(`production server ${server.url}, TLS terminator ${tls.url}\n`);
    const observatory = await runObservatory(tls.host, tls.caFile);
    printObservatory(observatory);
    let violations: string[] = [];
    if (!args['no-browser']) {
      process.stdout.write('\nChromium over https:\n');
      const browser = await launchBrowser();
      try {
        violations = await findViolations(browser, tls.url, positionals.length > 0 ? positionals : DEFAULT_PATHS);
      } finally {
        await browser.close();
      }
      for (const line of violations) process.stdout.write(`  ${line}\n`);
    }
    return observatory.scan.grade === 'A+' && violations.length === 0 ? 0 : 1;
  } finally {
    await tls.close();
    await server.stop();
  }
}

process.exitCode = await main();
