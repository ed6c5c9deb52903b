import { captureFirstFrame, compareImages, listPosterTargets, PARITY } from '../../scripts/posters/capture.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Poster parity for the variants' own posters (each model's own poster is checked in viewer.e2e.ts as its page draws): rendered by
 * the viewer itself (`npm run posters`), they must match the first frame the model page draws in that variant. The same check runs
 * against any site with `npm run posters -- --check --site <url>` (docs/own-space.md).
 */
test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 1100 } });

test("every demo variant's poster matches the first frame of its model page in that variant", async ({ page, app, watch }) => {
  test.setTimeout(300_000);
  const variants = (await listPosterTargets(app.url)).filter((target) => !target.isModelPoster);
  expect(variants.length).toBeGreaterThanOrEqual(4);
  const drifted: string[] = [];
  for (const { slug, variant } of variants) {
    await page.goto(`/models/${slug}?variant=${variant}`);
    const { png, shownPoster } = await captureFirstFrame(page);
    expect(shownPoster, `${slug} ${variant}: its own poster, before the 3D view`).toContain(`${slug}-${variant}-poster`);
    const { mean, worstBlock } = await compareImages(png, await (await page.request.get(shownPoster!)).body());
    if (mean > PARITY.mean || worstBlock > PARITY.worstBlock) drifted.push(`${slug} ${variant}: mean ${mean.toFixed(1)}, worst block ${worstBlock.toFixed(1)}`);
  }
  expect(drifted, 'posters that no longer match their first frame (render them again: npm run posters)').toEqual([]);
  watch.expectClean();
});
