import { describe, expect, it } from 'vitest';

import { toRoutePattern } from './insights-tags.tsx';

describe('toRoutePattern', () => {
  it('keeps static paths as they are', () => {
    expect(toRoutePattern('/', {})).toBe('/');
    expect(toRoutePattern('/de', {})).toBe('/de');
    expect(toRoutePattern('/models/', {})).toBe('/models');
  });

  it('replaces param values with their names', () => {
    expect(toRoutePattern('/de/models/chair', { slug: 'chair' })).toBe('/de/models/:slug');
    expect(toRoutePattern('/models/chair/embed', { slug: 'chair' })).toBe('/models/:slug/embed');
    expect(toRoutePattern('/about', { slug: 'about' })).toBe('/:slug');
  });

  it('matches encoded segments against decoded params', () => {
    expect(toRoutePattern('/tags/caf%C3%A9', { tag: 'café' })).toBe('/tags/:tag');
  });

  it('replaces the rightmost segment when a param value repeats a static one', () => {
    expect(toRoutePattern('/models/models', { slug: 'models' })).toBe('/models/:slug');
  });

  it('folds a splat into a single star', () => {
    expect(toRoutePattern('/no/such/page', { '*': 'no/such/page' })).toBe('/*');
    expect(toRoutePattern('/de/missing', { '*': 'missing' })).toBe('/de/*');
  });
});
