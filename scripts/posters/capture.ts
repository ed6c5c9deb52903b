import sharp from 'sharp';

import type { Page } from 'playwright-core';

export interface PosterTarget {
  slug: string;
  variant?: string | undefined;
  /** The first variant's picture is the model's poster. */
  isModelPoster: boolean;
}

interface ModelJson {
  viewer: { variants?: { id: string }[]; unavailable?: unknown };
}

export async function listPosterTargets(site: string, only: readonly string[] = []): Promise<PosterTarget[]> {
  const list = (await (await fetch(`${site}/api/content/models`)).json()) as { items: { slug: string }[] };
  const slugs = list.items.map((item) => item.slug).filter((slug) => only.length === 0 || only.includes(slug));
  const missing = only.filter((slug) => !slugs.includes(slug));
  if (missing.length > 0) throw new Error(`no model with the slug ${missing.join(', ')}`);
  const targets: PosterTarget[] = [];
  for (const slug of slugs) {
    const model = (await (await fetch(`${site}/api/content/model/${slug}`)).json()) as ModelJson;
    if (model.viewer.unavailable) continue;
    const [first, ...others] = model.viewer.variants ?? [];
    targets.push({ slug, variant: first?.id, isModelPoster: true });
    for (const variant of others) targets.push({ slug, variant: variant.id, isModelPoster: false });
  }
  return targets;
}

/** The figure with only the canvas in it: the rest is hidden through the CSSOM, which the page's CSP allows. */
export async function captureFirstFrame(page: Page, timeoutMs = 120_000): Promise<{ png: Buffer; shownPoster?: string }> {
  const figure = page.locator('figure.mv-viewer[data-state="ready"]').first();
  await figure.waitFor({ timeout: timeoutMs });
  const shownPoster = await figure.evaluate((element) => {
    for (const child of element.querySelectorAll<HTMLElement>('*')) if (child.tagName !== 'CANVAS') child.style.visibility = 'hidden';
    for (const canvas of element.querySelectorAll<HTMLElement>('canvas')) canvas.style.visibility = 'visible';
    return element.querySelector<HTMLImageElement>('img.mv-poster')?.currentSrc || undefined;
  });
  // Two animation frames: the hidden overlays are off the screen before the capture.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await figure.scrollIntoViewIfNeeded();
  const box = await figure.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.y < 0 || box.y + box.height > viewport.height) throw new Error('the viewer must lie wholly in the viewport');
  // A clip, not an element screenshot: a software-rendered canvas may never count as "stable".
  const png = await page.screenshot({ clip: box, timeout: timeoutMs });
  const restore = () => figure.evaluate((element) => element.querySelectorAll<HTMLElement>('*').forEach((child) => (child.style.visibility = '')));
  await restore();
  return { png, ...(shownPoster ? { shownPoster } : {}) };
}

/** At 64 × 48, per channel (0–255): antialiasing and JPEG leave a few levels; another camera, variant or framing leaves tens. */
export async function compareImages(a: Buffer, b: Buffer): Promise<{ mean: number; worstBlock: number }> {
  const pixels = (image: Buffer) => sharp(image).resize(64, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  const blocks = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < pa.length; i++) {
    const diff = Math.abs(pa[i]! - pb[i]!);
    total += diff;
    const pixel = Math.floor(i / 3);
    const block = Math.floor(pixel / 64 / 8) * 8 + Math.floor((pixel % 64) / 8);
    blocks.set(block, (blocks.get(block) ?? 0) + diff);
  }
  return { mean: total / pa.length, worstBlock: Math.max(...blocks.values()) / (8 * 8 * 3) };
}

/** Measured on the demo: mean 0.2–2.7 and blocks ≤ 3.4 when it matches; drifted, the worst block was 27–50. */
export const PARITY = { mean: 4, worstBlock: 14 };
