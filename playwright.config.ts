import { defineConfig } from '@playwright/test';

import { CHROMIUM_FLAGS, CHROMIUM_PATH, webglFlags } from './tests/e2e/support/browser.ts';

/**
 * `npm run test:e2e`: real-browser tests against the production build on the embedded default, in Debian's
 * Chromium with SwiftShader WebGL (docs/decisions/034-e2e-on-playwright-test.md). Builds first when dist/ is
 * missing; each worker starts its own server (tests/e2e/support/fixtures.ts).
 */
export default defineConfig<{ localePrefix: string }>({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // SwiftShader and cold starts are slow on 2 shared cores.
  timeout: 60_000,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    // An auto-rotating model redraws every frame, and in SwiftShader that took both cores for as long as a model page was
    // open. Reduced motion (no auto-rotate, no autoplay) renders on demand; getShouldAutoRotate's unit tests cover motion.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...webglFlags()] },
  },
  // Every test runs in English; the per-page checks (a11y, image sizes) run once more on the German pages.
  projects: [
    { name: 'en', use: { localePrefix: '' } },
    { name: 'de', testMatch: /(a11y|images)\.e2e\.ts$/, use: { localePrefix: '/de' } },
  ],
});
