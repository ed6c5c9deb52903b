/**
 * `npm run test:e2e`: real-browser tests against the PRODUCTION build on the
 * embedded default. Builds first when dist/ is missing or older than the
 * sources, starts `node dist/server/index.js` on a free port, launches
 * Debian's Chromium, runs every tests/e2e/*.e2e.ts, prints a summary line
 * `N passed, N failed` and exits non-zero on any failure.
 *
 *   node scripts/e2e.ts [--build | --no-build] [filter…]
 *
 * A filter keeps the tests whose file or name contains it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

import { launchBrowser } from '../tests/e2e/support/browser.ts';
import { loadTestFile, registeredTests, runTest } from '../tests/e2e/support/runner.ts';
import { describeOutput, ROOT, SERVER_ENTRY, startServer } from '../tests/e2e/support/server.ts';

import type { E2eContext, TestResult } from '../tests/e2e/support/runner.ts';
import type { RunningServer, StartServerOptions } from '../tests/e2e/support/server.ts';

const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('--'));
const E2E_DIR = join(ROOT, 'tests/e2e');
const BUILD_MARKER = join(ROOT, 'dist/client/.vite/manifest.json');
const SOURCE_DIRS = ['client', 'server', 'shared', 'public', 'scripts/build.ts', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function ensureBuild(): void {
  if (args.includes('--no-build')) return;
  const missing = !existsSync(SERVER_ENTRY) || !existsSync(BUILD_MARKER);
  const builtAt = missing ? 0 : Math.min(statSync(SERVER_ENTRY).mtimeMs, statSync(BUILD_MARKER).mtimeMs);
  const stale = !missing && SOURCE_DIRS.some((dir) => newestMtime(join(ROOT, dir)) > builtAt);
  if (!args.includes('--build') && !missing && !stale) return;
  process.stdout.write(`e2e: ${missing ? 'no production build' : stale ? 'build is older than the sources' : '--build'}; running npm run build\n`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stdout.write('0 passed, 1 failed (the production build failed)\n');
    process.exit(1);
  }
}

function testFiles(): string[] {
  return readdirSync(E2E_DIR)
    .filter((name) => name.endsWith('.e2e.ts'))
    .sort()
    .map((name) => join(E2E_DIR, name));
}

function formatError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? error.message) : inspect(error);
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
}

async function main(): Promise<number> {
  ensureBuild();
  for (const file of testFiles()) await loadTestFile(relative(ROOT, file), pathToFileURL(file).href);
  const tests = registeredTests().filter((t) => filters.length === 0 || filters.some((f) => t.file.includes(f) || t.name.includes(f)));
  if (tests.length === 0) {
    process.stdout.write('0 passed, 0 failed (no e2e tests matched)\n');
    return filters.length > 0 ? 1 : 0;
  }

  const app = await startServer();
  const browser = await launchBrowser();
  const extraServers = new Map<string, Promise<RunningServer>>();
  const context: E2eContext = {
    baseUrl: app.url,
    app,
    browser,
    server(options: StartServerOptions) {
      const key = JSON.stringify(options);
      let server = extraServers.get(key);
      if (!server) {
        server = startServer(options);
        extraServers.set(key, server);
      }
      return server;
    },
  };
  process.stdout.write(`e2e: production server at ${app.url}, ${tests.length} tests\n`);

  const results: TestResult[] = [];
  try {
    for (const test of tests) {
      const logMark = app.logs.length;
      const stderrMark = app.stderr.length;
      const result = await runTest(test, context);
      results.push(result);
      const label = `${test.file} › ${test.name} (${result.durationMs} ms)`;
      if (result.ok) {
        process.stdout.write(`  ✓ ${label}\n`);
      } else {
        process.stdout.write(`  ✗ ${label}\n${formatError(result.error)}\n`);
        const serverLines = app.logs.slice(logMark).filter((l) => typeof l.level === 'number' && l.level >= 40);
        const stderr = app.stderr.slice(stderrMark);
        if (serverLines.length > 0 || stderr.length > 0) {
          process.stdout.write(`      server warnings/errors during the test:\n${describeOutput(serverLines, stderr).replace(/^/gm, '        ')}\n`);
        }
      }
      if (!app.isRunning()) {
        process.stdout.write(
          `  the shared server exited during this test; stopping\n${describeOutput(app.logs.slice(-5), app.stderr.slice(-20)).replace(/^/gm, '    ')}\n`,
        );
        break;
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    const servers = await Promise.allSettled([...extraServers.values()]);
    await Promise.all([app, ...servers.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))].map((s) => s.stop()));
  }

  const failed = results.filter((r) => !r.ok).length;
  process.stdout.write(`\n${results.length - failed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stdout.write(`${formatError(error)}\n0 passed, 1 failed (the e2e harness could not start)\n`);
    process.exit(1);
  },
);
