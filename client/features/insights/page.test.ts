import { describe, expect, it } from 'vitest';

import { isSampledIn, readScriptOptions, readViewportClass } from './page.ts';

/** A window whose media queries answer for `width`, and whose innerWidth must not be read. */
function windowAt(width: number): Window {
  return {
    matchMedia: (query: string) => ({ matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1]) }),
    get innerWidth(): number {
      throw new Error('innerWidth forces a layout on mobile viewports');
    },
  } as unknown as Window;
}

describe('readViewportClass', () => {
  it('classifies through media queries, at the layout breakpoints, without reading innerWidth', () => {
    expect([390, 767, 768, 1023, 1024, 1920].map((width) => readViewportClass(windowAt(width)))).toEqual([
      'mobile',
      'mobile',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
  });

  it('falls back to innerWidth without matchMedia', () => {
    expect(readViewportClass({ innerWidth: 900 } as Window)).toBe('tablet');
  });
});

function scriptTag(src: string, sampleRate?: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  if (sampleRate !== undefined) script.dataset.sampleRate = sampleRate;
  return script;
}

describe('readScriptOptions', () => {
  it('puts the collector next to the script', () => {
    expect(readScriptOptions(scriptTag('/_insights/insights/script.js', '0.5'))).toEqual({
      endpoint: `${window.location.origin}/_insights/insights/events`,
      sampleRate: 0.5,
    });
    expect(readScriptOptions(scriptTag('https://stats.example.com/x/speed-insights/script.js?v=2'))?.endpoint).toBe(
      'https://stats.example.com/x/speed-insights/events',
    );
  });

  it('clamps the sample rate and defaults to everything', () => {
    expect(readScriptOptions(scriptTag('/s/script.js'))?.sampleRate).toBe(1);
    expect(readScriptOptions(scriptTag('/s/script.js', '7'))?.sampleRate).toBe(1);
    expect(readScriptOptions(scriptTag('/s/script.js', '-1'))?.sampleRate).toBe(0);
    expect(readScriptOptions(scriptTag('/s/script.js', 'lots'))?.sampleRate).toBe(1);
  });

  it('returns null without a script element', () => {
    expect(readScriptOptions(null)).toBeNull();
  });
});

describe('isSampledIn', () => {
  it('keeps a load when the draw falls under the rate', () => {
    expect(isSampledIn(1, () => 0.999)).toBe(true);
    expect(isSampledIn(0.5, () => 0.49)).toBe(true);
    expect(isSampledIn(0.5, () => 0.5)).toBe(false);
    expect(isSampledIn(0, () => 0)).toBe(false);
  });
});
