import type { Browser } from 'playwright-core';
import type { RunningServer, StartServerOptions } from './server.ts';

/**
 * A small e2e runner (scripts/e2e.ts drives it): test files call `test()`
 * at import time; the runner gives every test the shared production server
 * (embedded default) and browser, plus `server(env)` for a differently
 * configured one, started once per distinct env and stopped at the end.
 */

export interface E2eContext {
  /** The shared production server on the embedded default. */
  baseUrl: string;
  app: RunningServer;
  browser: Browser;
  /** A server with extra environment (wire-level fakes, slow upstreams…); reused by tests asking for the same env. */
  server(options: StartServerOptions): Promise<RunningServer>;
}

export interface E2eTest {
  name: string;
  file: string;
  timeoutMs: number;
  run(context: E2eContext): Promise<void>;
}

const registry: E2eTest[] = [];
let currentFile = '';

/** Registers an e2e test. Default timeout 60 s (SwiftShader and cold starts are slow on 2 cores). */
export function test(name: string, run: (context: E2eContext) => Promise<void>, options: { timeoutMs?: number } = {}): void {
  registry.push({ name, file: currentFile, timeoutMs: options.timeoutMs ?? 60_000, run });
}

/** Imports one test file, tagging the tests it registers with its name. */
export async function loadTestFile(file: string, url: string): Promise<void> {
  currentFile = file;
  await import(url);
  currentFile = '';
}

export function registeredTests(): readonly E2eTest[] {
  return registry;
}

export interface TestResult {
  test: E2eTest;
  ok: boolean;
  durationMs: number;
  error?: unknown;
}

/** Runs one test under its timeout. */
export async function runTest(test: E2eTest, context: E2eContext): Promise<TestResult> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      test.run(context),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${test.timeoutMs} ms`)), test.timeoutMs);
      }),
    ]);
    return { test, ok: true, durationMs: Date.now() - started };
  } catch (error) {
    return { test, ok: false, durationMs: Date.now() - started, error };
  } finally {
    clearTimeout(timer);
  }
}
