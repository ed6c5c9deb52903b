/**
 * Proves the model viewer works in a real browser without a GPU and without
 * the network: every fixture renders non-blank pixels, failures show their
 * message, the demand frameloop idles, and switching models or remounting
 * leaves GPU memory and WebGL contexts where they started.
 *
 *   node tests/e2e/viewer-harness/run.ts [name filter]
 *   VIEWER_HARNESS_DEV=1 …   React development build (StrictMode, dev warnings)
 *   VIEWER_REMOUNTS=5 …      fewer remounts in the leak check on a slow machine
 *
 * Exits non-zero when a check fails. A standalone page (not the app), so it
 * runs before the SSR server exists; the app's e2e suite covers the wiring.
 */
import { getCoverage, getDebug, launchBrowser, openPage, waitForState } from './browser.ts';
import { buildHarness, serveHarness } from './harness-server.ts';

import type { Browser, Page } from 'playwright-core';

import type { WatchedPage } from './browser.ts';

/** Each remount compiles every shader again: about 1 s on an idle machine, 20 s on a loaded one. */
const REMOUNTS = Number(process.env.VIEWER_REMOUNTS ?? 20);

type Check = (context: { browser: Browser; noWebGLBrowser: Browser; origin: string; requests: string[] }) => Promise<string>;

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function assertClean(watched: WatchedPage, allowed: RegExp[] = []): void {
  const unexpected = watched.problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
  assert(unexpected.length === 0, `unexpected console output: ${unexpected.join(' | ')}`);
  assert(watched.foreignRequests.length === 0, `requests left the origin: ${watched.foreignRequests.join(', ')}`);
}

async function renders(browser: Browser, origin: string, src: string): Promise<string> {
  const watched = await openPage(browser, origin, `/?eager=1&src=${encodeURIComponent(src)}`);
  const frame = watched.page.evaluate(
    () =>
      new Promise<string>((done) =>
        document.addEventListener('vitrine:viewer-frame', (event) => done((event as CustomEvent<{ src: string }>).detail.src), { once: true }),
      ),
  );
  await waitForState(watched.page, 'ready');
  assert((await frame) === src, 'frame event names the model');
  await watched.page.waitForTimeout(600); // poster fade-out
  const coverage = await getCoverage(watched.page.locator('canvas'));
  assert(coverage > 0.03, `canvas looks blank (${(coverage * 100).toFixed(1)}% pixels differ)`);
  assertClean(watched);
  await watched.page.context().close();
  return `${(coverage * 100).toFixed(1)}% of the canvas drawn`;
}

async function failsWithRetry(browser: Browser, origin: string, src: string): Promise<string> {
  const watched = await openPage(browser, origin, `/?eager=1&src=${encodeURIComponent(src)}`);
  await waitForState(watched.page, 'error');
  const message = await watched.page.getByRole('status').textContent();
  assert(await watched.page.getByRole('button', { name: 'Retry' }).isVisible(), 'Retry button visible');
  // A failed download is data, not a thrown error: the only console line allowed is Chromium's own 404 report.
  assertClean(watched, [/^error: Failed to load resource: the server responded with a status of 404/]);
  await watched.page.context().close();
  return `error shown: "${message ?? ''}"`;
}

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(1500); // damping, fade, shadow frame
}

/**
 * Waits until no frame is drawn for a whole second, and fails if that never
 * happens: a demand frameloop at rest draws nothing. Frames already requested
 * may take a while to drain on a loaded machine, hence the polling.
 */
async function waitForIdleFrameloop(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let previous = (await getDebug(page))?.frames ?? 0;
  while (Date.now() < deadline) {
    await page.waitForTimeout(1000);
    const current = (await getDebug(page))?.frames ?? 0;
    if (current === previous) return;
    previous = current;
  }
  throw new Error(`frames still drawn after ${timeoutMs} ms at rest`);
}

const checks: Record<string, Check> = {
  'box.glb renders': ({ browser, origin }) => renders(browser, origin, '/models/box.glb'),
  'millimetre model with far origin is framed': ({ browser, origin }) => renders(browser, origin, '/models/tower-mm.glb'),
  'Draco model renders (self-hosted decoder)': async ({ browser, origin, requests }) => {
    const result = await renders(browser, origin, '/models/box-draco.glb');
    assert(
      requests.some((path) => path.startsWith('/decoders/draco/')),
      'draco decoder fetched from /decoders/draco/',
    );
    return result;
  },
  'meshopt model renders (bundled decoder)': ({ browser, origin }) => renders(browser, origin, '/models/box-meshopt.glb'),
  '.gltf with external .bin and .png renders': async ({ browser, origin, requests }) => {
    const result = await renders(browser, origin, '/models/external/box.gltf');
    assert(requests.includes('/models/external/box.bin') && requests.includes('/models/external/checker.png'), 'relative URIs resolved');
    return result;
  },
  'truncated file shows an error with Retry': ({ browser, origin }) => failsWithRetry(browser, origin, '/models/truncated.glb'),
  'non-glTF file shows an error with Retry': ({ browser, origin }) => failsWithRetry(browser, origin, '/models/not-a-model.glb'),
  'missing file shows an error with Retry': ({ browser, origin }) => failsWithRetry(browser, origin, '/models/missing.glb'),
  'no WebGL keeps the poster and explains': async ({ noWebGLBrowser, origin }) => {
    const watched = await openPage(noWebGLBrowser, origin, '/?eager=1');
    await waitForState(watched.page, 'no-webgl');
    const message = await watched.page.getByRole('status').textContent();
    assert(message?.includes('needs WebGL'), 'message explains WebGL');
    assertClean(watched);
    await watched.page.context().close();
    return `"${message ?? ''}"`;
  },
  'lazy: nothing 3D loads until scrolled near': async ({ browser, origin, requests }) => {
    const before = requests.length;
    const watched = await openPage(browser, origin, '/?spacer=1');
    await watched.page.waitForTimeout(1000);
    const state = await watched.page.locator('figure').getAttribute('data-state');
    const fetchedModel = requests.slice(before).some((path) => path.startsWith('/models/'));
    assert(state === 'idle' && !fetchedModel, `still idle before scrolling (state ${state}, model fetched ${fetchedModel})`);
    await watched.page.locator('figure').scrollIntoViewIfNeeded();
    await waitForState(watched.page, 'ready');
    assertClean(watched);
    await watched.page.context().close();
    return 'idle off-screen, ready after scroll';
  },
  'demand frameloop idles; keyboard orbits': async ({ browser, origin }) => {
    const watched = await openPage(browser, origin, '/?eager=1');
    await waitForState(watched.page, 'ready');
    await waitForIdleFrameloop(watched.page);
    const idleEnd = (await getDebug(watched.page))?.frames ?? 0;
    const canvas = watched.page.locator('canvas');
    const before = await canvas.screenshot();
    await watched.page.getByRole('application').focus();
    await watched.page.keyboard.press('ArrowLeft');
    await watched.page.keyboard.press('ArrowLeft');
    await settle(watched.page);
    const after = await canvas.screenshot();
    assert(!before.equals(after), 'arrow keys changed the view');
    assert(((await getDebug(watched.page))?.frames ?? 0) > idleEnd, 'keyboard invalidated the frameloop');
    assertClean(watched);
    await watched.page.context().close();
    return 'frameloop idles at rest; arrows re-rendered';
  },
  'animation plays and pauses': async ({ browser, origin }) => {
    const watched = await openPage(browser, origin, '/?eager=1&src=/models/animated.glb');
    await waitForState(watched.page, 'ready');
    const pause = watched.page.getByRole('button', { name: 'Pause animation' });
    await pause.waitFor();
    // SwiftShader on a shared 2-core machine may take seconds per frame at first: ask only that drawing goes on.
    const start = (await getDebug(watched.page))?.frames ?? 0;
    await watched.page.waitForFunction((from) => (window.__vitrineViewer?.frames ?? 0) >= from + 3, start, { timeout: 60_000 });
    const playing = ((await getDebug(watched.page))?.frames ?? 0) - start;
    await pause.click();
    await waitForIdleFrameloop(watched.page);
    assert(await watched.page.getByRole('button', { name: 'Play animation' }).isVisible(), 'play button shown');
    assertClean(watched);
    await watched.page.context().close();
    return `${playing} frames drawn untouched while playing, idle once paused`;
  },
  'lost WebGL context: message, restore, then Retry when it stays lost': async ({ browser, origin }) => {
    const watched = await openPage(browser, origin, '/?eager=1');
    const { page } = watched;
    await waitForState(page, 'ready');
    const loseContext = () =>
      page.evaluate(() => {
        const canvas = document.querySelector('figure canvas') as HTMLCanvasElement;
        const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
        const extension = gl?.getExtension('WEBGL_lose_context');
        extension?.loseContext();
        return extension !== null && extension !== undefined;
      });
    await page.evaluate(() => {
      const canvas = document.querySelector('figure canvas') as HTMLCanvasElement;
      const extension = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))?.getExtension('WEBGL_lose_context');
      extension?.loseContext();
      setTimeout(() => extension?.restoreContext(), 500);
    });
    // First loss: the browser restores the context and the viewer redraws.
    await waitForState(page, 'error');
    assert((await page.getByRole('status').textContent())?.includes('Restoring'), 'restoring message shown');
    await waitForState(page, 'ready');
    await page.waitForTimeout(600);
    const restoredCoverage = await getCoverage(page.locator('figure canvas'));
    assert(restoredCoverage > 0.03, `blank after restore (${(restoredCoverage * 100).toFixed(1)}%)`);

    // Second loss, never restored: after CONTEXT_RESTORE_TIMEOUT_MS the viewer offers Retry.
    await loseContext();
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForState(page, 'ready');
    const debug = await getDebug(page);
    assert(debug?.contexts === 1, `one live context after Retry (${debug?.contexts})`);
    // Expected after a loss: objects created on the lost context are deleted on the restored one
    // (Chromium warns, harmless), and tearing down a renderer whose context is lost makes three
    // look for WEBGL_lose_context in vain.
    assertClean(watched, [
      /^warning: WebGL: INVALID_OPERATION: delete\w*: object does not belong to this context/,
      /WEBGL_lose_context extension not supported/,
    ]);
    await page.context().close();
    return `restored (${(restoredCoverage * 100).toFixed(1)}% drawn), Retry after 4 s brings a fresh context`;
  },
  '20 model switches and remounts leak nothing': async ({ browser, origin }) => {
    const watched = await openPage(browser, origin, '/?eager=1&src=/models/box.glb');
    const { page } = watched;
    await waitForState(page, 'ready');
    // Resolves on the frame event of that very model: data-state is still "ready" for the old one at first.
    const switchTo = async (src: string) => {
      await page.evaluate(
        (next) =>
          new Promise<void>((done) => {
            const onFrame = (event: Event) => {
              if ((event as CustomEvent<{ src: string }>).detail.src !== next) return;
              document.removeEventListener('vitrine:viewer-frame', onFrame);
              done();
            };
            document.addEventListener('vitrine:viewer-frame', onFrame);
            window.__harness?.setSrc(next);
          }),
        src,
      );
    };
    // A released model is disposed RELEASE_EVICT_MS (1 s) after the last viewer let go.
    const settleMemory = () => page.waitForTimeout(1500);
    await switchTo('/models/tower-mm.glb');
    await switchTo('/models/box.glb');
    await settleMemory();
    const baseline = await getDebug(page);
    for (let index = 0; index < 10; index++) {
      await switchTo('/models/tower-mm.glb');
      await switchTo('/models/box.glb');
    }
    await settleMemory();
    const afterSwitches = await getDebug(page);
    assert(
      JSON.stringify(afterSwitches?.memory) === JSON.stringify(baseline?.memory),
      `memory drifted: ${JSON.stringify(baseline)} -> ${JSON.stringify(afterSwitches)}`,
    );
    for (let index = 0; index < REMOUNTS; index++) {
      if (process.env.VERBOSE) process.stdout.write(`remount ${index} ${JSON.stringify(await getDebug(page))}\n`);
      await page.evaluate(() => window.__harness?.setMounted(false));
      await page.waitForSelector('figure', { state: 'detached' });
      await page.evaluate(() => window.__harness?.setMounted(true));
      await waitForState(page, 'ready');
    }
    await settleMemory();
    const afterRemounts = await getDebug(page);
    assert(afterRemounts?.contexts === 1, `live contexts after ${REMOUNTS} remounts: ${afterRemounts?.contexts}`);
    assert(JSON.stringify(afterRemounts?.memory) === JSON.stringify(baseline?.memory), `memory after remounts: ${JSON.stringify(afterRemounts?.memory)}`);
    assertClean(watched);
    await page.context().close();
    return `memory ${JSON.stringify(baseline?.memory)} unchanged, 1 context`;
  },
};

const only = process.argv[2];
const server = await serveHarness(await buildHarness({ development: process.env.VIEWER_HARNESS_DEV === '1' }));
const [browser, noWebGLBrowser] = await Promise.all([launchBrowser({ webgl: true }), launchBrowser({ webgl: false })]);
let failures = 0;
try {
  for (const [name, check] of Object.entries(checks)) {
    if (only && !name.includes(only)) continue;
    const startedAt = Date.now();
    try {
      const detail = await check({ browser, noWebGLBrowser, origin: server.origin, requests: server.requests });
      process.stdout.write(`ok    ${name} (${Date.now() - startedAt} ms): ${detail}\n`);
    } catch (error) {
      failures++;
      process.stdout.write(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
} finally {
  await Promise.all([browser.close(), noWebGLBrowser.close()]);
  await server.close();
}
process.exitCode = failures > 0 ? 1 : 0;
