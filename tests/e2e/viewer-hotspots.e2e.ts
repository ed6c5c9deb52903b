import { canvasPixels, differingShare } from './support/canvas.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { waitForState } from './viewer-harness/browser.ts';

/**
 * Hotspots on a real model page (ADR 046): the Kerf table's four hotspots are a server-rendered list that
 * needs no script, and buttons over the canvas in the same order; Tab reaches them after the canvas, Enter opens the
 * note and turns the camera to the hotspot's view, `?hotspot=` records it and restores it on load, Escape closes it.
 */

const PAGE = '/models/kerf-dining-table';
/** The DOM over the canvas, made transparent for screenshots. */
const OVERLAYS = '.mv-stage > :not(:first-child), .mv-ar-button, .mv-message';
const LABELS = ['Bevelled edge', 'Splayed legs', 'Wedged stretcher', 'Foot rail'];

// Reduced motion (every e2e context, playwright.config.ts): the camera jumps to the hotspot's view, so one drawn frame later
// it is there (the flight is unit-tested).
test.use({ viewport: { width: 1024, height: 800 } });

test('the hotspot list is in the server HTML with every note, and no hotspot is open there', async ({ request }) => {
  const html = await (await request.get(`${PAGE}?hotspot=anything`)).text();
  const list = html.slice(html.indexOf('class="mv-hotspot-list"'));

  expect(list.match(/<details>/g), 'one closed disclosure per hotspot, whatever the link says').toHaveLength(4);
  expect([...list.matchAll(/<summary>([^<]+)<\/summary>/g)].map((match) => match[1])).toEqual(LABELS);
  expect(list, 'the notes are there to read without script').toContain('<strong>oak wedges</strong>');
});

test('Tab reaches the hotspots after the canvas; Enter opens a note, turns the camera and writes ?hotspot=, which restores it', async ({ page, watch }) => {
  test.setTimeout(240_000);
  await page.goto(PAGE);
  await waitForHydration(page);
  await waitForState(page, 'ready', 90_000);
  await page.waitForTimeout(600); // poster fade-out
  const buttons = page.getByRole('group', { name: 'Highlights' }).getByRole('button');
  await expect(buttons).toHaveText(LABELS.map((label, index) => `${index + 1}${label}`));
  await expect(page.locator('.mv-picker'), "the position picker is preview mode's only").toHaveCount(0);
  const before = await canvasPixels(page, OVERLAYS);

  await page.getByRole('application').focus();
  await page.keyboard.press('Tab');
  const stretcherIndex = LABELS.indexOf('Wedged stretcher');
  for (let index = 0; index < stretcherIndex; index++) await page.keyboard.press('Tab');
  const stretcher = page.getByRole('button', { name: 'Wedged stretcher' });
  await expect(stretcher).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(stretcher).toHaveAttribute('aria-expanded', 'true');
  await expect(stretcher, 'focus stays on the button').toBeFocused();
  const note = page.locator(`#${await stretcher.getAttribute('aria-controls')}`);
  await expect(note).toBeVisible();
  await expect(note).toContainText('oak wedges');
  await expect(page.getByRole('status').filter({ hasText: 'Wedged stretcher. One stretcher passes' })).toBeAttached();
  const url = new URL(page.url());
  const id = url.searchParams.get('hotspot');
  expect(id, 'the open hotspot is in the address').toMatch(/^[A-Za-z0-9_-]+$/);
  await expect(page.locator('.mv-hotspot-list details[open] summary'), 'the list opens with it').toHaveText('Wedged stretcher');
  expect(differingShare(before, await canvasPixels(page, OVERLAYS)), 'the camera turned to the stretcher').toBeGreaterThan(0.02);

  await page.keyboard.press('Escape');
  await expect(stretcher).toHaveAttribute('aria-expanded', 'false');
  expect(new URL(page.url()).searchParams.has('hotspot'), 'closing clears the address').toBe(false);

  await page.locator('.mv-hotspot-list summary', { hasText: 'Foot rail' }).click();
  await expect(page.getByRole('button', { name: 'Foot rail' }), 'the list opens the canvas hotspot').toHaveAttribute('aria-expanded', 'true');

  await page.goto(`${PAGE}?hotspot=${id}`);
  await waitForHydration(page);
  await waitForState(page, 'ready', 90_000);
  await expect(page.getByRole('button', { name: 'Wedged stretcher' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.mv-hotspot-list details[open] summary')).toHaveText('Wedged stretcher');
  expect(new URL(page.url()).searchParams.get('hotspot'), 'the address keeps it after hydration').toBe(id);
  watch.expectClean();
});
