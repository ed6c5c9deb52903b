import { getBounds, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';

import { AxeBuilder } from '@axe-core/playwright';
import jsQR from 'jsqr';
import sharp from 'sharp';

import { expect, test, waitForHydration } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

import type { Page } from '@playwright/test';

/**
 * "View in your space" (ADR 047) on a real model page: on a computer a QR code for the phone (its `?ar=1` link offers AR at once,
 * or the 3D view where there is none), with no AR chunk fetched before the press; with a fake
 * WebXR device the press loads the WebXR chunk and asks for immersive-ar with hit-test; with Quick Look faked, the USDZ the
 * page makes from the glTF is a valid USDZ at the entry's real size, even when the file is authored in centimetres.
 */

const MODEL_PAGE = '/models/ostra-lounge-chair';
const AR_CHUNK = /\/assets\/(ar-[a-z-]+|real-scale)-[\w-]+\.js$/;
const AR_FAILED = 'Augmented reality could not start on this device.';

type Recorded = Window & { __quickLook?: QuickLook };
type FakeXrWindow = Window & {
  __xr?: { requests: { mode: string; required?: string[]; optional?: string[]; overlay?: string }[]; session?: EventTarget; frames: number; log: string[] };
};
interface QuickLook {
  href: string;
  rel: string;
  firstChild?: string;
}

/**
 * An AR phone as WebXR shows it to a page (runs in the page, before its scripts): immersive-ar with hit-test, a viewer 1.4 m
 * up looking ahead, a floor hit 1 m in front. three's XR manager gets an XRWebGLLayer drawing to the canvas.
 */
function installFakeXr(): void {
  const record: NonNullable<FakeXrWindow['__xr']> = { requests: [], frames: 0, log: [] };
  (window as FakeXrWindow).__xr = record;
  const matrix = (x: number, y: number, z: number) => new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
  // A 60° perspective, near 0.05 m, far 100 m.
  const f = 1 / Math.tan(Math.PI / 6);
  const projection = new Float32Array([f, 0, 0, 0, 0, f, 0, 0, 0, 0, -100.05 / 99.95, -1, 0, 0, -10 / 99.95, 0]);
  const view = { eye: 'none', transform: { matrix: matrix(0, 1.4, 0) }, projectionMatrix: projection };
  const frame = {
    getViewerPose: () => ({ views: [view], transform: view.transform }),
    getHitTestResults: () => [{ getPose: () => ({ transform: { matrix: matrix(0, 0, -1) } }) }],
  };
  class FakeSession extends EventTarget {
    renderState: Record<string, unknown> = {};
    inputSources = [];
    enabledFeatures = ['hit-test', 'dom-overlay'];
    private hasEnded = false;
    updateRenderState(state: Record<string, unknown>) {
      Object.assign(this.renderState, state);
    }
    requestReferenceSpace = (type: string) => Promise.resolve({ type });
    requestHitTestSource = () => Promise.resolve({ cancel: () => record.log.push('hit-test source cancelled') });
    requestAnimationFrame = (callback: (time: number, xrFrame: object) => void) =>
      window.requestAnimationFrame((time) => {
        record.frames += 1;
        callback(time, frame);
      });
    cancelAnimationFrame = (id: number) => window.cancelAnimationFrame(id);
    end() {
      if (this.hasEnded) return Promise.reject(new DOMException('already ended', 'InvalidStateError'));
      this.hasEnded = true;
      record.log.push('ended');
      setTimeout(() => this.dispatchEvent(new Event('end')));
      return Promise.resolve();
    }
  }
  class FakeLayer {
    framebuffer = null;
    ignoreDepthValues = false;
    framebufferWidth: number;
    framebufferHeight: number;
    constructor(_session: unknown, gl: WebGL2RenderingContext) {
      this.framebufferWidth = gl.drawingBufferWidth;
      this.framebufferHeight = gl.drawingBufferHeight;
    }
    getViewport = () => ({ x: 0, y: 0, width: this.framebufferWidth, height: this.framebufferHeight });
  }
  Object.assign(window, { XRWebGLLayer: FakeLayer });
  // three prefers WebXR layers where XRWebGLBinding exists; this fake offers the XRWebGLLayer path only.
  Reflect.deleteProperty(window, 'XRWebGLBinding');
  WebGL2RenderingContext.prototype.makeXRCompatible = () => Promise.resolve();
  const xr = {
    isSessionSupported: (mode: string) => Promise.resolve(mode === 'immersive-ar'),
    requestSession(mode: string, init?: XRSessionInit) {
      record.requests.push({ mode, required: init?.requiredFeatures, optional: init?.optionalFeatures, overlay: init?.domOverlay?.root.className });
      record.session = new FakeSession();
      return Promise.resolve(record.session);
    },
  };
  Object.defineProperty(Navigator.prototype, 'xr', { get: () => xr, configurable: true });
}

const arButton = (page: Page) => page.getByRole('button', { name: 'View in your space' });

test('on a computer the AR button opens a QR code for the phone (decoded here), made in the page; no AR code loads before', async ({ page, watch }) => {
  await page.goto(`${MODEL_PAGE}?variant=charcoal&utm_source=mail`);
  await waitForHydration(page);
  // By the first frame the support check (one isSessionSupported call) has long answered.
  await waitForState(page, 'ready', 90_000);
  expect(watch.requests.filter((url) => AR_CHUNK.test(new URL(url).pathname))).toEqual([]);

  await arButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'View it in your room' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByRole('img', { name: 'QR code for this page with augmented reality' });
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  const origin = new URL(page.url()).origin;
  expect(decoded?.data).toBe(`${origin}${MODEL_PAGE}?variant=charcoal&ar=1`);
  await expect(dialog.getByText(`${origin}${MODEL_PAGE}?variant=charcoal&ar=1`)).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // Only the QR code's chunk came, and nothing left the origin (the code is made in the page).
  expect(watch.requests.filter((url) => AR_CHUNK.test(new URL(url).pathname)).map((url) => new URL(url).pathname)).toEqual([expect.stringMatching(/ar-qr-/)]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(arButton(page)).toBeFocused();
  watch.expectClean();
});

test.describe('on a phone without AR', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the QR code's link (?ar=1) still opens the 3D view, by itself, and offers no QR code", async ({ page, watch }) => {
    await page.goto(`${MODEL_PAGE}?ar=1`);
    await waitForState(page, 'ready', 90_000);
    expect(await page.locator('.mv-ar-button').count()).toBe(0);
    watch.expectClean();
  });
});

test.describe('on an Android phone', () => {
  test.use({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });

  test('?ar=1 offers AR at once: the button takes the focus, a tap away', async ({ page, watch }) => {
    await page.goto(`${MODEL_PAGE}?ar=1`);
    await waitForHydration(page);
    await expect(arButton(page)).toBeFocused();
    await expect(arButton(page)).toHaveAttribute('data-ar-mode', 'scene-viewer');
    watch.expectClean();
  });
});

test('with WebXR immersive-ar the press loads the WebXR chunk, asks for hit-test, and a session places the model and ends cleanly', async ({ page, watch }) => {
  // Software GL compiles the AR scene's shaders (environment, shadows, the model's) beside the page's own viewer: a light model.
  test.setTimeout(180_000);
  await page.addInitScript(installFakeXr);
  await page.goto('/models/tide-vase');
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

  expect(await page.evaluate(() => (window as FakeXrWindow).__xr?.requests)).toEqual([
    { mode: 'immersive-ar', required: ['hit-test'], optional: ['dom-overlay'], overlay: 'mv-ar-overlay' },
  ]);
  const hint = page.locator('.mv-ar-overlay__hint');
  // The fake's hit test always finds the floor: once the model is in, the reticle invites a tap.
  await expect(hint).toHaveText('Tap to place the model', { timeout: 90_000 });
  await page.evaluate(() => (window as FakeXrWindow).__xr?.session?.dispatchEvent(new Event('select')));
  // The first frame with the model compiles its shaders: seconds in software GL.
  await expect(hint).toHaveText('Drag to turn it, tap elsewhere to move it', { timeout: 90_000 });
  expect(await page.evaluate(() => (window as FakeXrWindow).__xr?.frames)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Exit AR' }).click();
  await expect(button).not.toHaveAttribute('aria-disabled');
  await expect(button).toBeFocused();
  await expect(page.locator('.mv-ar-overlay')).toBeEmpty();
  expect(await page.evaluate(() => (window as FakeXrWindow).__xr?.log)).toEqual(['ended', 'hit-test source cancelled']);
  await expect(page.locator('figure .mv-message')).not.toContainText(AR_FAILED);
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
