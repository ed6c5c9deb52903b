import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HeaderSearchBox } from './header-search-box.tsx';
import { createScriptedClient, renderWithRouter } from '../../../../tests/fixtures/search/instantsearch.tsx';

import type { FixtureHit } from '../../../../tests/fixtures/search/instantsearch.tsx';

// search-insights' own client with a recording transport instead of the network (its documented custom requester).
const beacons = vi.hoisted(() => [] as Array<{ url: string; body: unknown }>);
vi.mock('search-insights', async (importOriginal) => {
  const actual = await importOriginal<typeof import('search-insights')>();
  const client = actual.createInsightsClient(async (url, data) => beacons.push({ url, body: data }) > 0);
  return { ...actual, default: client };
});

const HITS: FixtureHit[] = [
  { objectID: 'lamp:en-US', title: 'Brass Pendant Lamp', url: '/models/pendant-lamp' },
  { objectID: 'desk:en-US', title: 'Desk Lamp', url: '/models/desk-lamp' },
  { objectID: 'guide:en-US', title: 'Lamp Guide', url: '/articles/lamp-guide', type: 'article' },
];
const catalogue = (query: string) => HITS.filter((hit) => query && hit.title.toLowerCase().includes(query.trim().toLowerCase()));

const handoff = { value: '', focused: true, selectionStart: null, selectionEnd: null };
const input = () => screen.getByRole('combobox') as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(input(), { key: k, ...init });
const options = () => screen.queryAllByRole('option');

function setup(answer: Parameters<typeof createScriptedClient>[0] = catalogue) {
  const client = createScriptedClient(answer);
  const view = renderWithRouter(<HeaderSearchBox locale="en-US" takeHandoff={() => handoff} onReady={() => {}} searchClient={client} />);
  return { client, ...view };
}

afterEach(() => {
  beacons.length = 0;
});

describe('HeaderSearchBox', () => {
  it('takes over what the plain input held when its own input mounted, searching for what was typed while it started', async () => {
    const client = createScriptedClient(catalogue);
    const plain = ['la', 'lamp'];
    const onReady = vi.fn();
    const takeHandoff = () => ({ value: plain.shift() ?? 'lamp', focused: true, selectionStart: 4, selectionEnd: 4 });
    renderWithRouter(<HeaderSearchBox locale="en-US" takeHandoff={takeHandoff} onReady={onReady} searchClient={client} />);

    await waitFor(() => expect(options()).toHaveLength(3));
    expect(input().value).toBe('lamp');
    expect(document.activeElement).toBe(input());
    expect(input().selectionStart).toBe(4);
    expect(onReady).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(client.calls.at(-1)).toMatchObject({ params: { query: 'lamp' } }));
  });

  it('is an ARIA combobox whose listbox opens with results as the visitor types', async () => {
    const { client } = setup();

    expect(input().getAttribute('aria-expanded')).toBe('false');
    type('lamp');
    await waitFor(() => expect(options()).toHaveLength(3));

    const listbox = screen.getByRole('listbox');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(listbox.id);
    expect(input().getAttribute('aria-autocomplete')).toBe('list');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'false', 'false']);
    expect(screen.getByText('3 results', { selector: '[role=status]' })).toBeTruthy();
    expect(client.calls.at(-1)).toMatchObject({ indexName: 'vitrine_en-US', params: { query: 'lamp', hitsPerPage: 5, clickAnalytics: true } });
  });

  it('moves the active option with the arrow keys, wrapping at both ends', async () => {
    setup();
    type('lamp');
    await waitFor(() => expect(options()).toHaveLength(3));

    key('ArrowDown');
    const first = input().getAttribute('aria-activedescendant');
    key('ArrowUp');
    const wrappedUp = input().getAttribute('aria-activedescendant');
    key('ArrowDown');

    expect(first).toBe(options()[0]!.id);
    expect(wrappedUp).toBe(options()[2]!.id);
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
  });

  it('opens the active hit with a client-side navigation on Enter and sends a click event with its position and query ID', async () => {
    const { router } = setup();
    type('lamp');
    await waitFor(() => expect(options()).toHaveLength(3));

    key('ArrowDown');
    key('ArrowDown');
    key('Enter');

    await waitFor(() => expect(router.state.location.pathname).toBe('/models/desk-lamp'));
    const click = beacons
      .map((beacon) => beacon.body as { events: Array<Record<string, unknown>> })
      .flatMap((body) => body.events)
      .find((event) => event.eventType === 'click');
    expect(click).toMatchObject({
      eventName: 'Search Result Opened',
      index: 'vitrine_en-US',
      objectIDs: ['desk:en-US'],
      positions: [2],
      queryID: 'f'.repeat(32),
    });
    expect(beacons[0]!.url).toMatch(/^http:\/\/localhost(:\d+)?\/1\/events\?/);
  });

  it('opens the active hit in a new tab on Ctrl+Enter or Cmd+Enter', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = setup();
    type('lamp');
    await waitFor(() => expect(options()).toHaveLength(3));

    key('ArrowDown');
    key('Enter', { ctrlKey: true });
    key('Enter', { metaKey: true });

    expect(open.mock.calls).toEqual([
      ['/models/pendant-lamp', '_blank', 'noopener'],
      ['/models/pendant-lamp', '_blank', 'noopener'],
    ]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to the search page on Enter without an active option', async () => {
    const { router } = setup();
    type('  lamp guide ');

    fireEvent.submit(input().form!);

    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=lamp+guide'));
  });

  it('closes on Escape, on blur and on a click outside, and reopens on ArrowDown', async () => {
    setup();
    type('lamp');
    await waitFor(() => expect(options()).toHaveLength(3));

    key('Escape');
    const afterEscape = input().getAttribute('aria-expanded');
    key('ArrowDown');
    const afterArrow = input().getAttribute('aria-expanded');
    fireEvent.blur(input(), { relatedTarget: document.body });
    const afterBlur = input().getAttribute('aria-expanded');
    fireEvent.focus(input());
    const afterFocus = input().getAttribute('aria-expanded');
    fireEvent.pointerDown(document.body);

    expect([afterEscape, afterArrow, afterBlur, afterFocus]).toEqual(['false', 'true', 'false', 'true']);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('lamp');
  });

  it('says so when nothing matches, showing the query as text', async () => {
    setup();

    type('<img src=x onerror=alert(1)>');

    expect(await screen.findByText('No results for “<img src=x onerror=alert(1)>”.', { selector: 'p' })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('renders HTML in records as text, with matches marked', async () => {
    setup(() => [{ objectID: 'x:en-US', title: '<script>alert(1)</script> Lamp', url: '/models/x' }]);

    type('lamp');

    await waitFor(() => expect(options()[0]?.querySelector('mark')?.textContent).toBe('Lamp'));
    expect(options()[0]!.querySelector('.search-option-title')?.textContent).toBe('<script>alert(1)</script> Lamp');
    expect(document.querySelector('.search-panel script')).toBeNull();
  });

  it('never offers a hit whose URL is not a path on this site', async () => {
    const { router } = setup(() => [
      { objectID: 'a:en-US', title: 'Evil Lamp', url: 'javascript:alert(1)' },
      { objectID: 'b:en-US', title: 'Far Lamp', url: '//evil.example/lamp' },
      { objectID: 'c:en-US', title: 'Good Lamp', url: '/models/good' },
    ]);

    type('lamp');
    await waitFor(() => expect(options().map((option) => option.querySelector('.search-option-title')?.textContent)).toEqual(['Good Lamp']));
    fireEvent.click(options()[0]!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/models/good'));
  });

  it('opens a clicked hit client-side, and in a new tab with a modifier or the middle button', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = setup();
    type('lamp');
    await waitFor(() => expect(options()).toHaveLength(3));

    fireEvent.click(options()[1]!, { metaKey: true });
    fireEvent(options()[2]!, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent.click(options()[0]!);

    expect(open.mock.calls.map((call) => call[0])).toEqual(['/models/desk-lamp', '/articles/lamp-guide']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/models/pendant-lamp'));
  });

  it('refuses more than 512 characters and sends control characters as spaces', async () => {
    const { client } = setup();

    type('lamp\u0007guide');

    expect(input().maxLength).toBe(512);
    await waitFor(() => expect(client.calls.at(-1)?.params.query).toBe('lamp guide'));
  });

  it('sends one query once typing pauses', async () => {
    const { client } = setup();

    for (const value of ['l', 'la', 'lam', 'lamp']) type(value);
    await waitFor(() => expect(client.calls.at(-1)?.params.query).toBe('lamp'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));

    expect(client.calls.map((call) => call.params.query).filter(Boolean)).toEqual(['lamp']);
  });
});
