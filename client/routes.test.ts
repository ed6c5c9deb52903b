import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { createRoutes, isEmbeddable } from '#client/routes.tsx';
import { LOCALES } from '#shared/content/types.ts';

import type { RouteObject } from 'react-router';

const match = (handle?: unknown) => ({ route: { handle } });

describe('isEmbeddable', () => {
  it('lets a document be framed when a matched route is embeddable', () => {
    expect(isEmbeddable([match({ layout: true }), match({ embeddable: true, bare: true })])).toBe(true);
  });

  it('keeps every other document unframeable, routes without a handle included', () => {
    expect(isEmbeddable([match(), match({ chunk: 'client/pages/model/model-page.tsx' })])).toBe(false);
    expect(isEmbeddable([match({ embeddable: 'yes' })])).toBe(false);
  });
});

describe('createRoutes', () => {
  const flatten = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
  const names = new Map<unknown, string>();
  const loaderFor = (name: string) => {
    const loader = () => null;
    names.set(loader, name);
    return loader;
  };
  const routes = flatten(createRoutes(loaderFor, LOCALES));

  it('mounts every page under each locale with stable ids', () => {
    expect(routes.map((route) => route.id)).toEqual([
      'root',
      ...['en', 'home', 'models', 'model', 'model-embed', 'articles', 'article', 'tag', 'search', 'page', 'not-found'],
      ...['de', 'de.home', 'de.models', 'de.model', 'de.model-embed', 'de.articles', 'de.article', 'de.tag', 'de.search', 'de.page', 'de.not-found'],
    ]);
  });

  it('derives each page chunk from its module and takes the loader by name', () => {
    const embed = routes.find((route) => route.id === 'de.model-embed');

    expect(embed).toMatchObject({ path: 'models/:slug/embed', handle: { chunk: 'client/pages/embed/embed-page.tsx', embeddable: true } });
    expect(names.get(embed?.loader)).toBe('model');
    const de = routes.find((route) => route.id === 'de');
    expect(de?.path).toBe('/de');
    expect(names.get(de?.loader)).toBe('site-layout');
    expect(routes.find((route) => route.id === 'not-found')?.path).toBe('*');
  });

  it('mounts only the served locales, so a dropped one falls to the default locale not-found route', () => {
    const english = createRoutes(loaderFor, ['en-US']);
    expect(flatten(english).map((route) => route.id)).not.toContain('de');
    const matched = matchRoutes(english, '/de/models')?.map((m) => m.route.id);
    expect(matched).toEqual(['root', 'en', 'not-found']);
    expect(matchRoutes(createRoutes(loaderFor, LOCALES), '/de/models')?.map((m) => m.route.id)).toEqual(['root', 'de', 'de.models']);
  });
});
