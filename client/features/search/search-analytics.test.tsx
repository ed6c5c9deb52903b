import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { searchAnalyticsBatchSchema } from '#shared/insights.ts';

import { HeaderSearchBox } from './widgets/header-search-box.tsx';
import { createScriptedClient, renderWithRouter, TEST_CONFIG } from '../../../tests/fixtures/search/instantsearch.tsx';

import type { PublicConfig } from '#shared/public-config.ts';

// Algolia Insights through search-insights' own client, with a recording transport instead of the network.
const algoliaEvents = vi.hoisted(() => [] as Array<{ url: string; body: unknown }>);
vi.mock('search-insights', async (importOriginal) => {
  const actual = await importOriginal<typeof import('search-insights')>();
  return { ...actual, default: actual.createInsightsClient(async (url, data) => algoliaEvents.push({ url, body: data }) > 0) };
});

const HITS = [
  { objectID: 'lamp:en-US', title: 'Brass Pendant Lamp', url: '/models/pendant-lamp' },
  { objectID: 'desk:en-US', title: 'Desk Lamp', url: '/models/desk-lamp' },
  { objectID: 'guide:en-US', title: 'Lamp Guide', url: '/articles/lamp-guide' },
];
const catalogue = (query: string) => HITS.filter((hit) => query && hit.title.toLowerCase().includes(query.trim().toLowerCase()));
const handoff = { value: '', focused: true, selectionStart: null, selectionEnd: null };
const input = () => screen.getByRole('combobox') as HTMLInputElement;

function setup(insights: Partial<PublicConfig['insights']> = {}) {
  const config: PublicConfig = { ...TEST_CONFIG, insights: { ...TEST_CONFIG.insights, enabled: true, selfHosted: true, ...insights } };
  const client = createScriptedClient(catalogue);
  renderWithRouter(<HeaderSearchBox locale="en-US" takeHandoff={() => handoff} onReady={() => {}} searchClient={client} />, config);
}

let beacons: Array<{ url: string; body: string }>;
beforeEach(() => {
  beacons = [];
  // jsdom has no sendBeacon: the beacon queue's first choice, recorded here.
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (url: string, body: string) => beacons.push({ url, body }) > 0 });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  window.sessionStorage.clear();
  algoliaEvents.length = 0;
});

const ours = () => beacons.filter((beacon) => beacon.url === '/_insights/search-insights/events').flatMap((beacon) => JSON.parse(beacon.body).events);

describe('search analytics in the header box', () => {
  it('sends the settled search and the click with its position to our collector, and Algolia Insights still get their click', async () => {
    setup();

    for (const value of ['l', 'la', 'lamp']) fireEvent.change(input(), { target: { value } });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(3));
    fireEvent.click(screen.getAllByRole('option')[1]!);

    await waitFor(() => expect(ours()).toHaveLength(2));
    expect(searchAnalyticsBatchSchema.parse({ events: ours() }).events).toEqual([
      { type: 'search', locale: 'en-US', query: 'lamp', hits: 3, queryID: 'f'.repeat(32) },
      { type: 'search-click', queryID: 'f'.repeat(32), position: 2 },
    ]);
    expect(JSON.parse(window.sessionStorage.getItem('vitrine:search-opened') ?? '{}')).toMatchObject({ path: '/models/desk-lamp', converted: false });
    await waitFor(() =>
      expect(algoliaEvents.flatMap((event) => (event.body as { events: unknown[] }).events)).toContainEqual(
        expect.objectContaining({ eventType: 'click', positions: [2], queryID: 'f'.repeat(32) }),
      ),
    );
  });

  it('sends nothing to our collector when the insights base path is a hosted provider', async () => {
    setup({ selfHosted: false });

    fireEvent.change(input(), { target: { value: 'lamp' } });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(3));
    fireEvent.click(screen.getAllByRole('option')[1]!);
    window.dispatchEvent(new Event('pagehide'));

    await waitFor(() => expect(algoliaEvents.length).toBeGreaterThan(0));
    expect(ours()).toEqual([]);
  });
});
