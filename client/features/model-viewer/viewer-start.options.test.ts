import { describe, expect, it } from 'vitest';

import { getShouldAutoRotate, getStartMode } from './viewer-start.ts';

describe('getShouldAutoRotate', () => {
  it('rotates when the editor asked for it', () => {
    expect(getShouldAutoRotate({ requested: true, prefersReducedMotion: false, hasInteracted: false })).toBe(true);
  });

  it('stays still when not requested', () => {
    expect(getShouldAutoRotate({ requested: undefined, prefersReducedMotion: false, hasInteracted: false })).toBe(false);
  });

  it('stays still under prefers-reduced-motion', () => {
    expect(getShouldAutoRotate({ requested: true, prefersReducedMotion: true, hasInteracted: false })).toBe(false);
  });

  it('stops for good after the first interaction', () => {
    expect(getShouldAutoRotate({ requested: true, prefersReducedMotion: false, hasInteracted: true })).toBe(false);
  });
});

describe('getStartMode', () => {
  it('starts by itself with a mouse or trackpad', () => {
    expect(getStartMode({ isTouchFirst: false, saveData: false, hasOptedIn: false })).toBe('auto');
  });

  it('waits for the button on touch-first devices and under Save-Data', () => {
    expect(getStartMode({ isTouchFirst: true, saveData: false, hasOptedIn: false })).toBe('on-request');
    expect(getStartMode({ isTouchFirst: false, saveData: true, hasOptedIn: false })).toBe('on-request');
  });

  it('starts by itself once the visitor pressed the button in this tab', () => {
    expect(getStartMode({ isTouchFirst: true, saveData: true, hasOptedIn: true })).toBe('auto');
  });
});
