import { afterEach, describe, expect, it, vi } from 'vitest';

import { openQuickLook } from './ar-quick-look.ts';

import type { ViewerSource } from '#shared/content/types.ts';

const source: ViewerSource = {
  src: '/content-assets/a1/chair.glb',
  alt: 'Oak lounge chair',
  usdz: '/content-assets/u1/chair.usdz',
  variants: [
    { id: 'oak', label: 'Oak' },
    { id: 'walnut', label: 'Walnut', gltfName: 'walnut' },
  ],
};

/** Records Quick Look anchors instead of following them. */
function recordClicks() {
  const opened: { href: string; rel: string; firstChild?: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    opened.push({ href: this.href, rel: this.rel, firstChild: this.firstElementChild?.tagName });
  });
  return opened;
}

afterEach(() => vi.restoreAllMocks());

describe('openQuickLook', () => {
  it('opens the uploaded USDZ at real size from an <a rel="ar"> with an image child, for the default look', async () => {
    const opened = recordClicks();

    await openQuickLook(source);
    await openQuickLook(source, 'oak');

    const expected = { href: `${window.location.origin}/content-assets/u1/chair.usdz#allowsContentScaling=0`, rel: 'ar', firstChild: 'IMG' };
    expect(opened).toEqual([expected, expected]);
  });

  it('does not show the uploaded file for another variant: that one is made from the glTF (which needs WebGL, absent here)', async () => {
    const opened = recordClicks();
    const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(openQuickLook(source, 'walnut')).rejects.toThrow();
    expect(opened).toEqual([]);
    // The export's renderer was what failed.
    expect(String(consoleErrors.mock.calls[0]?.[0])).toMatch(/Error creating WebGL context/);
  });
});
