import { describe, expect, it } from 'vitest';

import { readViewportClass } from './page-context.ts';

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
