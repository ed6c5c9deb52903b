import { afterEach, describe, expect, it, vi } from 'vitest';

/** Runs the loader as a page would; it waits for `load` only when it is going to import web-vitals. */
async function runLoader(sampleRate = '1'): Promise<boolean> {
  const script = document.createElement('script');
  script.src = 'https://example.test/_insights/speed-insights/script.js';
  script.dataset.sampleRate = sampleRate;
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  const addEventListener = vi.spyOn(window, 'addEventListener');
  vi.resetModules();
  await import('./speed-insights-script.ts');
  return addEventListener.mock.calls.some(([type]) => type === 'load');
}

describe('the speed insights loader', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('measures a sampled-in load that allows tracking', async () => {
    expect(await runLoader()).toBe(true);
  });

  it('does not even measure when Do-Not-Track or Global Privacy Control is on', async () => {
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: '1' });
    const withDnt = await runLoader();
    vi.restoreAllMocks();
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: null, globalPrivacyControl: true });
    const withGpc = await runLoader();

    expect([withDnt, withGpc]).toEqual([false, false]);
  });

  it('does not measure a sampled-out load', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);

    expect(await runLoader('0.1')).toBe(false);
  });
});
