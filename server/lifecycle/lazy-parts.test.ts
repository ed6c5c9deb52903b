import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { signRequest } from '@contentful/node-apps-toolkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStubBuildRoot, startServerProcess } from '../../tests/security/support/server-process.ts';

// ADR 055: parts a process may never need load on first use. The probe (the one `npm run bench:memory` uses) lists the
// packages the serving thread resolved; the model validator runs in a worker thread, so the serving thread never holds it.
const PROBE = resolve(import.meta.dirname, '../../scripts/bench/memory-probe.ts');
const SECRET = 'lazy-parts-webhook-secret'.padEnd(64, '0');
const PATH = '/api/webhooks/contentful';
const NOT_AT_START = ['@contentful/node-apps-toolkit', 'got', 'gltf-validator', 'instantsearch.js', 'pg', 'ioredis'];
const BODY = JSON.stringify({
  sys: { type: 'Entry', id: 'article-oak-ash-walnut', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'article' } } },
});

function signedHeaders(body: string): Record<string, string> {
  const headers = { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-contentful-topic': 'ContentManagement.Entry.publish' };
  return { ...headers, ...signRequest(SECRET, { method: 'POST', path: PATH, headers, body }, Date.now()) };
}

describe.skipIf(!existsSync('/proc/self/cmdline'))('optional parts of the production process', { timeout: 60_000 }, () => {
  let stub: ReturnType<typeof createStubBuildRoot>;
  beforeAll(() => {
    stub = createStubBuildRoot();
  });
  afterAll(() => stub.remove());

  /** The packages the server's main thread has loaded, from a probe write made after this call. */
  async function loadedPackages(probeFile: string): Promise<string[]> {
    const since = Date.now();
    for (;;) {
      const probe = existsSync(probeFile) ? (JSON.parse(readFileSync(probeFile, 'utf8')) as { at: number; packages: string[] }) : undefined;
      if (probe && probe.at > since) return probe.packages;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('starts and validates the models without the webhook toolkit, the validator, InstantSearch or pg; the first webhook loads the toolkit', async () => {
    const probeFile = join(stub.root, 'probe.json');
    const server = await startServerProcess(stub.root, {
      NODE_OPTIONS: `--import=${PROBE}`,
      MEMORY_PROBE_FILE: probeFile,
      CONTENTFUL_WEBHOOK_SECRET: SECRET,
      MODEL_VALIDATION: 'true',
    });
    try {
      const validated = await server.waitForLog('model files validated', 30_000);
      expect(validated.models).toBeGreaterThan(0);
      const atStart = await loadedPackages(probeFile);
      expect(atStart).toContain('express');
      expect(atStart.filter((name) => NOT_AT_START.includes(name))).toEqual([]);

      const forged = await fetch(`${server.origin}${PATH}`, {
        method: 'POST',
        headers: { ...signedHeaders(BODY), 'x-contentful-signature': 'f'.repeat(64) },
        body: BODY,
      });
      expect(forged.status).toBe(401);
      const delivered = await fetch(`${server.origin}${PATH}`, { method: 'POST', headers: signedHeaders(BODY), body: BODY });
      expect(delivered.status, await delivered.text()).toBe(200);
      expect(await loadedPackages(probeFile)).toContain('@contentful/node-apps-toolkit');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
