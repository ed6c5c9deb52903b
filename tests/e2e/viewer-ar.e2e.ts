import { getBounds, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';

import { expect, test, waitForHydration } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * "View in your space" (ADR 047) on a real model page: hidden in desktop Chromium with no AR chunk fetched; with a fake
 * WebXR device the press loads the WebXR chunk and asks for immersive-ar with hit-test; with Quick Look faked, the USDZ the
 * page makes from the glTF is a valid USDZ at the entry's real size, even when the file is authored in centimetres.
 */

const MODEL_PAGE = '/models/ostra-lounge-chair';
const AR_CHUNK = /\/assets\/(ar-[a-z-]+|real-scale)-[\w-]+\.js$/;
const AR_FAILED = 'Augmented reality could not start on this device.';

type Recorded = Window & { __xrRequests?: { mode: string; required?: string[]; optional?: string[]; overlay?: string }[]; __quickLook?: QuickLook };
interface QuickLook {
  href: string;
  rel: string;
  firstChild?: string;
}

const arButton = (page: Page) => page.getByRole('button', { name: 'View in your space' });

test('desktop Chromium shows no AR button and fetches no AR code', async ({ page, watch }) => {
  await page.goto(MODEL_PAGE);
  await waitForHydration(page);
  // By the first frame the support check (one isSessionSupported call) has long answered.
  await waitForState(page, 'ready', 90_000);

  expect(await page.locator('.mv-ar-button').count()).toBe(0);
  expect(watch.requests.filter((url) => AR_CHUNK.test(new URL(url).pathname))).toEqual([]);
  watch.expectClean();
});

test('with WebXR immersive-ar the button appears and its press loads the WebXR chunk and asks for a hit-test session', async ({ page, watch }) => {
  await page.addInitScript(() => {
    const requests: NonNullable<Recorded['__xrRequests']> = [];
    (window as Recorded).__xrRequests = requests;
    const xr = {
      isSessionSupported: (mode: string) => Promise.resolve(mode === 'immersive-ar'),
      requestSession(mode: string, init?: XRSessionInit) {
        requests.push({ mode, required: init?.requiredFeatures, optional: init?.optionalFeatures, overlay: init?.domOverlay?.root.className });
        // No AR device here: the session is refused, as a phone without ARCore would.
        return Promise.reject(new DOMException('no AR device', 'NotSupportedError'));
      },
    };
    Object.defineProperty(Navigator.prototype, 'xr', { get: () => xr, configurable: true });
  });
  await page.goto(MODEL_PAGE);
  await waitForHydration(page);
  const button = arButton(page);
  await button.waitFor();
  expect(
    watch.requests.filter((url) => AR_CHUNK.test(new URL(url).pathname)),
    'AR code before the press',
  ).toEqual([]);

  const chunk = page.waitForRequest((request) => /\/assets\/ar-webxr-[\w-]+\.js$/.test(new URL(request.url()).pathname));
  await button.click();
  await chunk;

  expect(await page.evaluate(() => (window as Recorded).__xrRequests)).toEqual([
    { mode: 'immersive-ar', required: ['hit-test'], optional: ['dom-overlay'], overlay: 'mv-ar-overlay' },
  ]);
  await expect(page.locator('figure .mv-message')).toContainText(AR_FAILED);
  await expect(button).toBeFocused();
  await expect(button).not.toHaveAttribute('aria-disabled');
  watch.expectClean();
});

/** The model's file authored in centimetres: every root node under one ×100 node. */
async function inCentimetres(glb: Uint8Array): Promise<{ body: Buffer; size: number[] }> {
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const document = await io.readBinary(glb);
  const scene = document.getRoot().getDefaultScene() ?? document.getRoot().listScenes()[0];
  if (!scene) throw new Error('the demo model has no scene');
  const centimetres = document.createNode('centimetres').setScale([100, 100, 100]);
  for (const child of scene.listChildren()) {
    scene.removeChild(child);
    centimetres.addChild(child);
  }
  scene.addChild(centimetres);
  const { min, max } = getBounds(scene);
  return { body: Buffer.from(await io.writeBinary(document)), size: max.map((value, axis) => value - (min[axis] ?? 0)) };
}

/** The entries of a stored (uncompressed) zip, as USDZ requires: name, method, data offset and bytes. */
function readZip(bytes: Buffer) {
  const entries: { name: string; method: number; offset: number; data: Buffer }[] = [];
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    const size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 30, at + 30 + nameLength);
    const offset = at + 30 + nameLength + extraLength;
    entries.push({ name, method, offset, data: bytes.subarray(offset, offset + size) });
    at = offset + size;
  }
  return entries;
}

test('Quick Look gets a valid USDZ made in the page from the glTF, at the entry’s real size', async ({ page, watch }) => {
  await page.addInitScript(() => {
    const supports = DOMTokenList.prototype.supports;
    DOMTokenList.prototype.supports = function (token: string) {
      return token === 'ar' || supports.call(this, token);
    };
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.rel !== 'ar') return click.call(this);
      (window as Recorded).__quickLook = { href: this.href, rel: this.rel, firstChild: this.firstElementChild?.tagName };
    };
  });
  let centimetreSize: number[] = [];
  await page.route(/\/ostra-lounge-chair\.glb(\?|$)/, async (route) => {
    const upstream = await route.fetch();
    const scaled = await inCentimetres(await upstream.body());
    centimetreSize = scaled.size;
    await route.fulfill({ status: 200, contentType: 'model/gltf-binary', body: scaled.body });
  });
  await page.goto(MODEL_PAGE);
  await waitForHydration(page);
  await arButton(page).click();
  await page.waitForFunction(() => (window as Recorded).__quickLook !== undefined, undefined, { timeout: 60_000 });
  const quickLook = (await page.evaluate(() => (window as Recorded).__quickLook)) as QuickLook;

  expect(quickLook.rel).toBe('ar');
  expect(quickLook.firstChild, 'Quick Look opens only for an anchor with an image child').toBe('IMG');
  expect(quickLook.href).toMatch(/^blob:.+#allowsContentScaling=0$/);
  const bytes = Buffer.from(
    await page.evaluate(async (href) => [...new Uint8Array(await (await fetch(href)).arrayBuffer())], quickLook.href.replace(/#.*$/, '')),
  );
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  const entries = readZip(bytes);
  expect(entries[0]?.name, 'the first file of a USDZ is its root layer').toBe('model.usda');
  for (const entry of entries) {
    expect(entry.method, `${entry.name} is stored, not compressed`).toBe(0);
    expect(entry.offset % 64, `${entry.name} is 64-byte aligned`).toBe(0);
  }
  expect(entries.some((entry) => entry.name.startsWith('textures/'))).toBe(true);

  // Real size: the wrapper's scale brings the file's centimetres to the entry's 680 × 823 × 719 mm (largest to largest).
  const usda = entries[0]?.data.toString('utf8') ?? '';
  const transform = /def Xform "RealScale"[^]*?matrix4d xformOp:transform = \(\s*\(([-\d.e]+),/.exec(usda);
  const scale = Number(transform?.[1]);
  const shown = centimetreSize.map((metres) => metres * scale).sort((a, b) => b - a);
  const entry = [0.823, 0.719, 0.68];
  shown.forEach((metres, axis) => expect(metres).toBeCloseTo(entry[axis] ?? 0, 2));
  watch.expectClean();
});
