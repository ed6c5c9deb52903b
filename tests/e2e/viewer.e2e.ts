import assert from 'node:assert/strict';

import { launchBrowser, openPage, waitForHydration } from './support/browser.ts';
import { test } from './support/runner.ts';
import { getCoverage, getDebug, waitForState } from './viewer-harness/browser.ts';

import type { Page } from 'playwright-core';

/**
 * The 3D viewer on the real app pages (production build, embedded demo
 * space, SwiftShader WebGL): every demo model draws, stays on our origin and
 * logs nothing; a broken file shows its error with Retry; client-side
 * navigation between model pages leaks no WebGL context or GPU memory; no
 * WebGL leaves the poster and a message; the embed page draws too.
 * tests/e2e/viewer-harness/ covers the viewer's variants on fixtures.
 */

const MODELS = [
  'ostra-lounge-chair',
  'kerf-dining-table',
  'tripod-stool',
  'ladder-shelf',
  'pivot-desk-lamp',
  'halo-pendant',
  'tide-vase',
  'turned-walnut-bowl',
  'carvers-mallet',
];

/**
 * The self-hosted decoder files a compressed model must load. Each wasm decoder runs in a worker file with its own CSP
 * (no page allows wasm): a blob: worker or main-thread wasm would log a CSP violation.
 */
const DECODER_FILES: Record<string, RegExp[]> = {
  'kerf-dining-table': [/\/decoders\/draco\/draco_worker\.js$/, /\/decoders\/draco\/draco_decoder\.wasm$/],
  'turned-walnut-bowl': [/\/decoders\/draco\/draco_worker\.js$/, /\/decoders\/draco\/draco_decoder\.wasm$/],
  'ladder-shelf': [/\/decoders\/meshopt\/meshopt_worker\.js$/],
  'halo-pendant': [/\/decoders\/meshopt\/meshopt_worker\.js$/],
  'carvers-mallet': [/\/decoders\/basis\/basis_worker\.js$/, /\/decoders\/basis\/basis_transcoder\.wasm$/],
};

/** Waits for the page's main viewer to be ready and its poster to fade, then measures the canvas. */
async function drawnShare(page: Page): Promise<number> {
  await waitForState(page, 'ready', 90_000);
  await page.waitForTimeout(600); // poster fade-out
  return getCoverage(page.locator('figure[data-state="ready"] canvas').first());
}

/** Records every value the viewer's progress bar shows (`window.__progress`), from the first paint on. */
async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<number | null> = [];
    (window as Window & { __progress?: Array<number | null> }).__progress = seen;
    const read = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const now = bar.getAttribute('aria-valuenow');
        const value = now === null ? null : Number(now);
        if (seen.at(-1) !== value) seen.push(value);
      }
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

test(
  'every demo model page draws its model, with no console problem and no request leaving the origin',
  async ({ browser, baseUrl }) => {
    for (const slug of MODELS) {
      const session = await openPage(browser, baseUrl);
      try {
        await recordProgress(session.page);
        const response = await session.page.goto(`${baseUrl}/models/${slug}`);
        assert.equal(response?.status(), 200, slug);
        const coverage = await drawnShare(session.page);
        const progress = await session.page.evaluate(() => (window as Window & { __progress?: Array<number | null> }).__progress ?? []);
        assert.ok(progress.length > 0, `${slug}: no progress bar was shown while the model loaded`);
        // Determinate although the files arrive gzipped (X-File-Size gives the size), never going back, ending full.
        const values = progress.filter((value): value is number => value !== null);
        assert.equal(values.at(-1), 100, `${slug}: the progress bar never reached 100% (showed ${JSON.stringify(progress)})`);
        assert.deepEqual(
          values,
          [...values].sort((a, b) => a - b),
          `${slug}: the progress bar went backwards: ${JSON.stringify(progress)}`,
        );
        assert.ok(coverage > 0.03, `${slug}: canvas looks blank (${(coverage * 100).toFixed(1)}% of pixels differ from the background)`);
        const modelRequests = session.watch.requests.filter((url) => /\.(glb|gltf)(\?|$)/.test(url));
        assert.ok(modelRequests.length > 0, `${slug}: no model file was requested from our origin`);
        for (const decoder of DECODER_FILES[slug] ?? []) {
          assert.ok(
            session.watch.requests.some((url) => decoder.test(new URL(url).pathname)),
            `${slug}: ${decoder} was not loaded from our origin`,
          );
        }
        session.expectClean();
      } finally {
        await session.close();
      }
    }
  },
  { timeoutMs: 600_000 },
);

test('a truncated model file shows an error with Retry over the poster, and the page keeps working', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    await page.route(/\.glb(\?|$)/, async (route) => {
      const upstream = await route.fetch();
      const body = await upstream.body();
      await route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: body.subarray(0, Math.floor(body.length / 3)) });
    });
    await page.goto(`${baseUrl}/models/ostra-lounge-chair`);
    await waitForHydration(page);
    await waitForState(page, 'error', 90_000);
    const figure = page.locator('figure[data-state="error"]').first();
    await figure.getByRole('button', { name: 'Retry' }).waitFor();
    assert.ok(await figure.locator('img[alt]').count(), 'the poster stays under the error');

    await page.locator('header a[href="/models"]').first().click();
    await page.waitForURL(`${baseUrl}/models`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  } finally {
    await session.close();
  }
});

test(
  '20 client-side navigations between model pages leave WebGL contexts and GPU memory where they started',
  async ({ browser, baseUrl }) => {
    const session = await openPage(browser, baseUrl);
    const { page } = session;
    try {
      await page.goto(`${baseUrl}/models/tide-vase`);
      await waitForHydration(page);
      await waitForState(page, 'ready', 90_000);
      const start = await getDebug(page);
      assert.ok(start && start.contexts === 1, `one live context on a model page, got ${JSON.stringify(start)}`);

      const visit = async (path: string) => {
        await page.locator(`a[href="${path}"]`).first().click();
        await page.waitForURL(`${baseUrl}${path}`);
      };
      const route = ['/models', '/models/carvers-mallet', '/models', '/models/tide-vase'];
      for (let step = 0; step < 20; step++) {
        const path = route[step % route.length] ?? '/models';
        await visit(path);
        if (path !== '/models') await waitForState(page, 'ready', 90_000);
      }
      assert.equal(page.url(), `${baseUrl}/models/tide-vase`);
      assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation').length), 1, 'the navigations were client-side (one document load)');
      await page.waitForTimeout(300);
      const end = await getDebug(page);
      assert.ok(end, 'viewer debug counters are installed');
      assert.equal(end.contexts, start.contexts, 'WebGL contexts');
      assert.equal(end.memory.geometries, start.memory.geometries, 'geometries on the GPU');
      assert.equal(end.memory.textures, start.memory.textures, 'textures on the GPU');
      session.expectClean();
    } finally {
      await session.close();
    }
  },
  { timeoutMs: 600_000 },
);

test('without WebGL a model page shows the poster and a message, and logs nothing', async ({ baseUrl }) => {
  const noWebGL = await launchBrowser({ webgl: false });
  try {
    const session = await openPage(noWebGL, baseUrl);
    const { page } = session;
    await page.goto(`${baseUrl}/models/ostra-lounge-chair`);
    await waitForHydration(page);
    await waitForState(page, 'no-webgl', 30_000);
    const figure = page.locator('figure[data-state="no-webgl"]').first();
    const poster = figure.locator('img[alt]').first();
    assert.ok(await poster.isVisible(), 'the poster is visible');
    assert.ok(((await poster.getAttribute('alt')) ?? '').length > 0, 'the poster has alt text');
    assert.match((await figure.innerText()).trim(), /\S{3,}/, 'a message explains the missing 3D view');
    assert.equal(await figure.locator('canvas').count(), 0, 'no canvas without WebGL');
    session.expectClean();
    await session.close();
  } finally {
    await noWebGL.close();
  }
});

test('on a phone a model page offers "View in 3D" and loads no 3D code or model until it is pressed; later pages start by themselves', async ({
  browser,
  baseUrl,
}) => {
  const session = await openPage(browser, baseUrl, { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const { page } = session;
  const isHeavy = (url: string) => /\/assets\/viewer-canvas-[^/]+\.js$|\.(glb|gltf)$/.test(new URL(url).pathname);
  try {
    await page.goto(`${baseUrl}/models/halo-pendant`);
    await waitForHydration(page);
    const start = page.getByRole('button', { name: 'View in 3D' });
    await start.waitFor();
    await page.waitForLoadState('networkidle');
    const heavyBeforePress = session.watch.requests.filter(isHeavy);
    assert.equal(await page.locator('figure[data-state="idle"] img.mv-poster').count(), 1, 'the poster waits with the button');

    await start.tap();
    const coverage = await drawnShare(page);
    assert.deepEqual(heavyBeforePress, [], 'nothing heavy loads before the press');
    assert.ok(coverage > 0.03, `canvas looks blank after the press (${(coverage * 100).toFixed(1)}%)`);

    // The visitor asked for 3D once: the next model page in this tab starts without asking.
    await page.goto(`${baseUrl}/models/tide-vase`);
    await waitForState(page, 'ready', 90_000);
    assert.equal(await page.getByRole('button', { name: 'View in 3D' }).count(), 0);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('on a German model page the canvas and its controls are named in German', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    await page.goto(`${baseUrl}/de/models/ostra-lounge-chair`);
    await waitForState(page, 'ready', 90_000);
    await page.getByRole('application', { name: /\(interaktive 3D-Ansicht\)$/ }).waitFor();
    await page.getByRole('button', { name: 'Ansicht zurücksetzen' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Reset view' }).count(), 0);
    session.expectClean();
  } finally {
    await session.close();
  }
});

test('the embed page renders only the viewer, and it draws', async ({ browser, baseUrl }) => {
  const session = await openPage(browser, baseUrl);
  const { page } = session;
  try {
    const response = await page.goto(`${baseUrl}/models/halo-pendant/embed`);
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator('header, footer').count(), 0, 'no site chrome in the embed');
    const coverage = await drawnShare(page);
    assert.ok(coverage > 0.03, `canvas looks blank (${(coverage * 100).toFixed(1)}%)`);
    session.expectClean();
  } finally {
    await session.close();
  }
});
