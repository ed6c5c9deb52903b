import { AxeBuilder } from '@axe-core/playwright';

import { expect, test, waitForHydration } from './support/fixtures.ts';

import type { Result } from 'axe-core';

/**
 * Accessibility in CI: axe-core with the WCAG 2.0/2.1 A and AA rules plus
 * best practices finds nothing on the main page types, in both locales (the
 * en and de projects), once the page has hydrated and its lazy parts (viewer,
 * search) have mounted.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const PAGES = [
  { name: 'home', path: '/', status: 200 },
  { name: 'article', path: '/articles/behind-the-vitrine', status: 200 },
  { name: 'model', path: '/models/ostra-lounge-chair', status: 200 },
  { name: 'search', path: '/search?q=chair', status: 200 },
  { name: '404', path: '/nope', status: 404 },
] as const;

/** One line per violation and up to three offending elements, so the CI log says what to fix. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 3).map((n) => `      ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`);
      const more = v.nodes.length > 3 ? [`      … and ${v.nodes.length - 3} more`] : [];
      return [`  ${v.id} (${v.impact ?? 'n/a'}): ${v.help} ${v.helpUrl}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

for (const target of PAGES) {
  test(`axe finds no WCAG 2.1 AA or best-practice violations on the ${target.name} page`, async ({ page, watch, baseURL, localePrefix }) => {
    const path = `${localePrefix}${target.path}`;
    const response = await page.goto(path);

    expect(response?.status()).toBe(target.status);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();

    expect(results.violations.length, `axe violations on ${path}:\n${describeViolations(results.violations)}`).toBe(0);
    const expected404 = [new RegExp(`^failed response: 404 ${baseURL}${path}$`), /Failed to load resource: the server responded with a status of 404/];
    watch.expectClean(target.status === 404 ? expected404 : []);
  });
}
