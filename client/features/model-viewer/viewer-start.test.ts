import { describe, expect, it, vi } from 'vitest';

import { detectWebGL } from './viewer-start.ts';

describe('detectWebGL', () => {
  it('reports WebGL 2 and releases the probe context', () => {
    const loseContext = vi.fn();
    const getContext = vi.fn(() => ({ getExtension: () => ({ loseContext }) }));

    expect(detectWebGL(() => ({ getContext }))).toBe(true);
    expect(getContext).toHaveBeenCalledWith('webgl2');
    expect(loseContext).toHaveBeenCalledOnce();
  });

  it('falls back to WebGL 1', () => {
    const getContext = vi.fn((id: string) => (id === 'webgl' ? { getExtension: () => null } : null));

    expect(detectWebGL(() => ({ getContext }))).toBe(true);
    expect(getContext).toHaveBeenCalledWith('webgl');
  });

  it('reports no WebGL when neither context can be created', () => {
    expect(detectWebGL(() => ({ getContext: () => null }))).toBe(false);
  });

  it('reports no WebGL when probing throws', () => {
    const getContext = () => {
      throw new Error('blocked');
    };

    expect(detectWebGL(() => ({ getContext }))).toBe(false);
  });
});
