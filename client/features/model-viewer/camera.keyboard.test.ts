import { describe, expect, it } from 'vitest';

import { getOrbitCommand } from './camera.ts';

const DEG = Math.PI / 180;

describe('getOrbitCommand', () => {
  it('maps arrows to orbit steps of 10°, 45° with Shift', () => {
    expect(getOrbitCommand('ArrowRight')).toEqual({ kind: 'orbit', azimuthRad: 10 * DEG, polarRad: 0 });
    expect(getOrbitCommand('ArrowUp', true)).toEqual({ kind: 'orbit', azimuthRad: 0, polarRad: -45 * DEG });
  });

  it('maps + and − (with or without Shift on US layouts) to zoom', () => {
    expect(getOrbitCommand('+')).toMatchObject({ kind: 'zoom' });
    expect(getOrbitCommand('=')).toMatchObject({ kind: 'zoom' });
    expect(getOrbitCommand('-')).toMatchObject({ kind: 'zoom' });
  });

  it('maps Home to reset and ignores other keys so Tab keeps working', () => {
    expect(getOrbitCommand('Home')).toEqual({ kind: 'reset' });
    expect(getOrbitCommand('Tab')).toBeNull();
    expect(getOrbitCommand('a')).toBeNull();
  });
});
