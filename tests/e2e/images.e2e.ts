import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { Page } from '@playwright/test';

/**
 * No image without its size: every <img> the listed pages render (on the
 * server, after hydration and once lazy content has scrolled into view)
 * carries numeric width and height attributes, so the browser reserves its
 * box before the file arrives, and the page's cumulative layout shift stays
 * at about zero. Loaded images are also drawn in their own aspect ratio
 * (a flex layout once squeezed the author avatar to 25x64).
 */

/** `hasImages`: the demo content puts at least one image there, so an empty list means the page changed. */
const PAGES = [
  { name: 'home', path: '/', hasImages: true },
  { name: 'models', path: '/models', hasImages: true },
  { name: 'model', path: '/models/ostra-lounge-chair', hasImages: true },
  { name: 'articles', path: '/articles', hasImages: true },
  { name: 'article', path: '/articles/behind-the-vitrine', hasImages: true },
  { name: 'tag', path: '/tags/process', hasImages: true },
  { name: 'content', path: '/about', hasImages: false },
] as const;

/** "About zero": well under the 0.1 that Core Web Vitals calls good. */
const MAX_CLS = 0.01;

interface ImageInfo {
  src: string;
  width: string | null;
  height: string | null;
  /** Rendered box vs the file's own ratio, for loaded images drawn with `object-fit: fill`; null otherwise. */
  squashed: string | null;
}

const isPositiveInteger = (value: string | null) => value !== null && /^\d+$/.test(value) && Number(value) > 0;

async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
}

/** Sum of layout-shift entries not caused by input, from the start of the page (buffered), with what moved (for the failure message). */
function cumulativeLayoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; sources: string[] }>((resolve) => {
        let total = 0;
        const sources: string[] = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        const describe = (node: Node | null | undefined) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')}` : String(node?.nodeName);
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            sources.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map((s) => describe(s.node)).join(', ')}`);
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the first callback; give it a frame or two.
        setTimeout(() => {
          observer.disconnect();
          resolve({ total, sources });
        }, 200);
      }),
  );
}

for (const target of PAGES) {
  test(`every image on the ${target.name} page has numeric width and height, keeps its aspect ratio, and nothing shifts`, async ({
    page,
    watch,
    localePrefix,
  }) => {
    const path = `${localePrefix}${target.path}`.replace(/(.)\/$/, '$1');
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await scrollThrough(page);
    await page.waitForLoadState('networkidle');

    const images = await page.locator('img').evaluateAll((nodes) =>
      nodes.map((node): ImageInfo => {
        const img = node as HTMLImageElement;
        const box = img.getBoundingClientRect();
        // Lighthouse's image-aspect-ratio rule: more than 2 px off the file's ratio, unless object-fit crops or letterboxes.
        const drawn = img.complete && img.naturalWidth > 0 && box.width > 0 && getComputedStyle(img).objectFit === 'fill';
        const expectedHeight = drawn ? (box.width * img.naturalHeight) / img.naturalWidth : box.height;
        const squashed = Math.abs(expectedHeight - box.height) > 2 ? `${box.width}x${box.height} for a ${img.naturalWidth}x${img.naturalHeight} file` : null;
        return { src: img.getAttribute('src') ?? '', width: img.getAttribute('width'), height: img.getAttribute('height'), squashed };
      }),
    );
    const unsized = images.filter((img) => !isPositiveInteger(img.width) || !isPositiveInteger(img.height));
    const squashed = images.filter((img) => img.squashed !== null);
    const shifts = await cumulativeLayoutShift(page);

    if (target.hasImages) expect(images.length, `no <img> on ${path}; is the page still the one this test expects?`).toBeGreaterThan(0);
    expect(unsized, `images without numeric width/height on ${path}`).toEqual([]);
    expect(squashed, `images drawn out of their aspect ratio on ${path}`).toEqual([]);
    expect(shifts.total, `cumulative layout shift on ${path}: ${shifts.sources.join('; ')}`).toBeLessThanOrEqual(MAX_CLS);
    watch.expectClean();
  });
}
