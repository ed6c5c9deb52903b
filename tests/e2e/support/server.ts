import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

import type { AddressInfo } from 'node:net';

/** The repository root (tests/e2e/support → ../../..). */
export const ROOT = resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = resolve(ROOT, 'dist/server/index.js');

/** A production server child process. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  /** Every JSON log line so far (non-JSON lines under `msg` with level 0). */
  logs: Array<Record<string, unknown>>;
  /** Anything the process wrote to stderr. */
  stderr: string[];
  /** False once the process exited (a crash shows up here and in `stderr`). */
  isRunning(): boolean;
  /** SIGTERM, wait for exit (hard kill after `timeoutMs`); resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

export interface StartServerOptions {
  /** Variables on top of the minimal environment (HOST=127.0.0.1 and a free PORT; everything else defaults). */
  env?: Record<string, string>;
  /** Give up waiting for the "server listening" line after this long. Default 30 s. */
  startTimeoutMs?: number;
}

/**
 * Starts `node dist/server/index.js` (the production build) on a free port
 * and resolves once /healthz answers, whatever LOG_LEVEL says. Only PATH,
 * HOME and the given variables reach the child, so the machine's environment
 * cannot switch the server out of embedded mode by accident.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build (scripts/e2e.ts does when needed)`);
  const port = Number(options.env?.PORT ?? 0) || (await freePort());
  // Each server its own durable state (insights database, image cache), so no run or test sees another's numbers.
  const ownDataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'vitrine-e2e-data-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // Nothing else: the defaults are production, LOG_LEVEL=info and the embedded engines ("no variables, it runs").
    HOST: '127.0.0.1',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...options.env,
    PORT: String(port),
  };
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: RunningServer['logs'] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  if (ownDataDir) void exited.then(() => rmSync(ownDataDir, { recursive: true, force: true }));
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  createInterface({ input: child.stdout }).on('line', (line) => logs.push(parseLine(line)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${String(child.exitCode ?? child.signalCode)} before listening\n${describeOutput(logs, stderr)}`);
    }
    if (await isHealthy(url)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer ${url}/healthz within ${options.startTimeoutMs ?? 30_000} ms\n${describeOutput(logs, stderr)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    logs,
    stderr,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const hardKill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(hardKill);
      return code;
    },
  };
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** A port nobody listens on right now (the server binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

function parseLine(line: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // not JSON: keep it readable below
  }
  return { level: 0, msg: line };
}

/** The last lines a failed start-up printed, for the error message. */
export function describeOutput(logs: RunningServer['logs'], stderr: string[]): string {
  const tail = [...logs.slice(-15).map((l) => JSON.stringify(l)), ...stderr.slice(-15)];
  return tail.length > 0 ? tail.join('\n') : '(no output)';
}

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
export function serverErrors(server: RunningServer): Array<Record<string, unknown>> {
  return server.logs.filter((l) => typeof l.level === 'number' && l.level >= 50);
}
