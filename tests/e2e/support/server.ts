import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

import type { AddressInfo } from 'node:net';

/** The repository root (tests/e2e/support → ../../..). */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** A production server child process. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  pid: number;
  /** Every JSON log line so far (non-JSON lines under `msg` with level 0); empty with `captureLogs: false`. */
  logs: Array<Record<string, unknown>>;
  /** Anything the process wrote to stderr. */
  stderr: string[];
  /** SIGTERM, wait for exit (hard kill after `timeoutMs`); resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

export interface StartServerOptions {
  /** Variables on top of the minimal environment (HOST=127.0.0.1, a free PORT, a fresh DATA_DIR; everything else defaults). */
  env?: Record<string, string>;
  /** The checkout whose build to start. Default: this one. */
  root?: string;
  /** Default true. False sends stdout to /dev/null: a benchmark must not parse thousands of log lines a second. */
  captureLogs?: boolean;
  /** Give up waiting for /healthz after this long. Default 30 s. */
  startTimeoutMs?: number;
}

/** Runs `npm run build` in `root` unless its production build exists (or `force`). */
export function ensureBuild(root = ROOT, force = false): void {
  if (!force && existsSync(join(root, 'dist/server/index.js')) && existsSync(join(root, 'dist/client/.vite/manifest.json'))) return;
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
}

/**
 * Starts `node dist/server/index.js` on a free port and resolves once /healthz answers. Only PATH, HOME and
 * the given variables reach the child, so the machine's environment cannot switch it out of embedded mode.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const root = options.root ?? ROOT;
  const entry = join(root, 'dist/server/index.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
  const port = Number(options.env?.PORT ?? 0) || (await freePort());
  // Each server its own durable state (insights database, image cache), so no run or test sees another's numbers.
  const ownDataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'vitrine-e2e-data-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // As a deployment runs it: without this, React's development build renders on the server.
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...options.env,
    PORT: String(port),
  };
  const captureLogs = options.captureLogs ?? true;
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', captureLogs ? 'pipe' : 'ignore', 'pipe'] });
  const logs: RunningServer['logs'] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  if (ownDataDir) void exited.then(() => rmSync(ownDataDir, { recursive: true, force: true }));
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => logs.push(parseLine(line)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${String(child.exitCode ?? child.signalCode)} before listening\n${describeOutput(logs, stderr)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer ${url}/healthz in time\n${describeOutput(logs, stderr)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid ?? -1,
    logs,
    stderr,
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
    // not JSON: kept readable below
  }
  return { level: 0, msg: line };
}

/** The last lines a server printed, for an error message. */
export function describeOutput(logs: RunningServer['logs'], stderr: string[]): string {
  const tail = [...logs.slice(-15).map((l) => JSON.stringify(l)), ...stderr.slice(-15)];
  return tail.length > 0 ? tail.join('\n') : '(no output)';
}
