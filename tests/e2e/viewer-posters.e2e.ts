import { captureFirstFrame, compareImages, listPosterTargets, PARITY } from '../../scripts/posters/capture.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Poster parity: each model's and each variant's poster, rendered by the viewer itself (`npm run posters`), must match the first
 * frame the model page draws (in that variant). The same check runs against any site with `npm run posters -- --check --site <url>`
 * (docs/own-space.md).
 */
test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 1100 } });

test("every demo model's and variant's poster matches the first frame of its model page", async ({ page, app, watch }) => {
  test.setTimeout(480_000);
  const targets = await listPosterTargets(app.url);
  expect(targets.filter((target) => target.isModelPoster)).toHaveLength(9);
  expect(targets.filter((target) => !target.isModelPoster).length).toBeGreaterThanOrEqual(4);
  const drifted: string[] = [];
  for (const { slug, variant, isModelPoster } of targets) {
    await page.goto(`/models/${slug}${variant ? `?variant=${variant}` : ''}`);
    const { png, shownPoster } = await captureFirstFrame(page);
    expect(shownPoster, `${slug} ${variant ?? ''}: its poster, before the 3D view`).toContain(isModelPoster ? `${slug}-poster` : `${slug}-${variant}-poster`);
    const { mean, worstBlock } = await compareImages(png, await (await page.request.get(shownPoster!)).body());
    if (mean > PARITY.mean || worstBlock > PARITY.worstBlock)
      drifted.push(`${slug} ${variant ?? ''}: mean ${mean.toFixed(1)}, worst block ${worstBlock.toFixed(1)}`);
  }
  expect(drifted, 'posters that no longer match their first frame (render them again: npm run posters)').toEqual([]);
  watch.expectClean();
});
