/**
 * `npm run audit:headers [-- --build] [--no-browser] [path…]`: the HTTP Observatory grade behind a local TLS terminator, then
 * each path in Chromium over https. `a>b` clicks the first link to `b…` on `a`. Exits 1 below A+ or on any CSP violation.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';

import { launchBrowser, waitForHydration, watchContext } from '../tests/e2e/support/browser.ts';
import { ensureBuild, ROOT } from '../tests/e2e/support/server.ts';
import { cachedTool, startBenchServer } from './bench/lib.ts';
import { startTlsTerminator } from './tls-terminator.ts';

import type { Browser } from 'playwright-core';

const OBSERVATORY_SCAN = cachedTool('observatory-1', '@mdn/mdn-http-observatory@1', '@mdn/mdn-http-observatory/src/scan.js');
/** The skipped install script would download it; a local host is never on it. */
const HSTS_PRELOAD_LIST = join(OBSERVATORY_SCAN, '../../conf/hsts-preload.json');
const DEFAULT_PATHS = ['/', '/articles/behind-the-vitrine', '/models/ostra-lounge-chair', '/models>/models/', '/search?q=chair'];
/** Under SwiftShader. */
const VIEWER_READY_MS = 45_000;

interface ObservatoryResult {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'boolean', default: false }, 'no-browser': { type: 'boolean', default: false } },
});

/** Not through its wrapper, which would replace NODE_EXTRA_CA_CERTS; async, as the terminator lives in this process. */
async function runObservatory(host: string, caFile: string): Promise<ObservatoryResult> {
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: caFile };
  const result = await promisify(execFile)(process.execPath, [OBSERVATORY_SCAN, host], { encoding: 'utf8', env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
  const parsed = JSON.parse(result.stdout || '{}') as Partial<ObservatoryResult> & { error?: string };
  if (!parsed.scan || !parsed.tests) throw new Error(`Observatory failed: ${parsed.error ?? result.stderr}`);
  return parsed as ObservatoryResult;
}

async function findViolations(browser: Browser, origin: string, paths: string[]): Promise<string[]> {
  const violations: string[] = [];
  for (const path of paths) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
    const watch = await watchContext(context, (o) => o === origin);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as Window & { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));
    });
    const [start = path, linkPrefix] = path.split('>');
    await page.goto(`${origin}${start}`);
    await waitForHydration(page);
    if (linkPrefix) await page.locator(`main a[href^="${linkPrefix}"]`).first().click();
    if (path.includes('/models/')) {
      await page.locator('figure[data-state="ready"], figure[data-state="error"]').first().waitFor({ timeout: VIEWER_READY_MS });
      const state = await page.locator('figure.mv-viewer').first().getAttribute('data-state');
      if (state !== 'ready') violations.push(`${path}: viewer ended in state ${state}`);
    }
    if (path.startsWith('/search')) await page.locator('main li a').first().waitFor({ timeout: 15_000 });
    const events = await page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations ?? []);
    const reports = watch.consoleProblems.filter((line) => /Content Security Policy/i.test(line));
    for (const line of [...events, ...reports]) violations.push(`${path}: ${line}`);
    process.stdout.write(`  ${path}: ${events.length + reports.length} CSP violation(s)\n`);
    await context.close();
  }
  return violations;
}

if (!existsSync(HSTS_PRELOAD_LIST)) writeFileSync(HSTS_PRELOAD_LIST, '{}\n');
ensureBuild(ROOT, args.build);
// TRUST_PROXY=loopback: the terminator's X-Forwarded-Proto makes requests secure (HSTS, upgrade-insecure-requests).
const server = await startBenchServer({ TRUST_PROXY: 'loopback' });
const tls = await startTlsTerminator(server.url);
try {
  process.stdout.write(`production server ${server.url}, TLS terminator ${tls.url}\n`);
  const { scan, tests } = await runObservatory(tls.host, tls.caFile);
  process.stdout.write(`\nHTTP Observatory: ${scan.grade}, score ${scan.score} (${scan.testsPassed}/${scan.testsQuantity} tests passed)\n`);
  for (const [name, test] of Object.entries(tests)) {
    const modifier = test.scoreModifier > 0 ? `+${test.scoreModifier}` : String(test.scoreModifier);
    process.stdout.write(`  ${test.pass ? 'pass' : 'FAIL'}  ${modifier.padStart(4)}  ${name}: ${test.result}\n`);
  }
  let violations: string[] = [];
  if (!args['no-browser']) {
    process.stdout.write('\nChromium over https:\n');
    const browser = await launchBrowser();
    violations = await findViolations(browser, tls.url, positionals.length > 0 ? positionals : DEFAULT_PATHS).finally(() => browser.close());
    for (const line of violations) process.stdout.write(`  ${line}\n`);
  }
  process.exitCode = scan.grade === 'A+' && violations.length === 0 ? 0 : 1;
} finally {
  await tls.close();
  await server.stop();
}
