import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

import { AppConfigProvider } from '#client/components/app-config.tsx';

import type { SearchClient } from 'instantsearch.js';
import type { ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';

/** Test fixtures for the search widgets: hits, a scriptable search client, a router around them. */

export const TEST_CONFIG: PublicConfig = {
  algolia: { appId: 'embedded', searchKey: 'embedded', indexPrefix: 'vitrine', embedded: true },
  insights: { enabled: false, basePath: '/_insights', sampleRate: 1 },
};

export interface FixtureHit {
  objectID: string;
  title: string;
  url: string;
  type?: 'model' | 'article' | 'page';
  summary?: string;
}

const PRE = '__ais-highlight__';
const POST = '__/ais-highlight__';

/**
 * An Algolia-shaped hit whose title highlights `query` with InstantSearch's
 * placeholder tags. Like Algolia, the value is not escaped: InstantSearch does that.
 */
export function toHit(hit: FixtureHit, query: string) {
  const marked = query ? hit.title.replace(new RegExp(`(${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'i'), `${PRE}$1${POST}`) : hit.title;
  return {
    entryId: hit.objectID.split(':')[0],
    type: hit.type ?? 'model',
    summary: hit.summary ?? `About ${hit.title}`,
    body: '',
    tags: [],
    locale: 'en-US',
    ...hit,
    _highlightResult: { title: { value: marked, matchLevel: query ? 'full' : 'none', matchedWords: [] } },
  };
}

export interface SearchCall {
  indexName: string;
  params: Record<string, unknown>;
}

type Answer = (query: string, call: SearchCall) => FixtureHit[] | Promise<FixtureHit[]>;

/**
 * A search client answering from `answer(query)`, recording every request.
 * `answer` may return a promise to hold a response (stalled, out of order)
 * or reject it (error).
 */
export function createScriptedClient(answer: Answer): SearchClient & { calls: SearchCall[] } {
  const calls: SearchCall[] = [];
  const search = async (requests: SearchCall[]) => {
    calls.push(...requests);
    const results = await Promise.all(
      requests.map(async (request) => {
        const query = String(request.params.query ?? '');
        const hits = await answer(query, request);
        const hitsPerPage = Number(request.params.hitsPerPage ?? 20);
        return {
          hits: hits.slice(0, hitsPerPage).map((hit) => toHit(hit, query)),
          nbHits: hits.length,
          page: 0,
          nbPages: Math.ceil(hits.length / hitsPerPage),
          hitsPerPage,
          processingTimeMS: 1,
          exhaustiveNbHits: true,
          query,
          params: '',
          index: request.indexName,
          queryID: 'f'.repeat(32),
        };
      }),
    );
    return { results };
  };
  // appId/apiKey like a real lite client: the insights middleware reads its credentials from the search client.
  return { appId: 'embedded', apiKey: 'embedded', search, calls } as unknown as SearchClient & { calls: SearchCall[] };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `/` inside a memory router (other paths render a location probe) and the app config. */
export function renderWithRouter(element: ReactNode, config: PublicConfig = TEST_CONFIG) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          {element}
          <LocationProbe />
        </>
      ),
    },
    { path: '*', element: <LocationProbe /> },
  ]);
  const view = render(
    <AppConfigProvider value={config}>
      <RouterProvider router={router} />
    </AppConfigProvider>,
  );
  return { ...view, router };
}
