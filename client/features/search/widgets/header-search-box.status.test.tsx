import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { HeaderSearchBox } from './header-search-box.tsx';
import { createScriptedClient, renderWithRouter } from '../../../../tests/fixtures/search/instantsearch.tsx';

import type { FixtureHit } from '../../../../tests/fixtures/search/instantsearch.tsx';

vi.mock('search-insights', async (importOriginal) => {
  const actual = await importOriginal<typeof import('search-insights')>();
  return { ...actual, default: actual.createInsightsClient(async () => true) };
});

const handoff = { value: '', focused: true, selectionStart: null, selectionEnd: null };
const input = () => screen.getByRole('combobox') as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const titles = () => screen.queryAllByRole('option').map((option) => option.querySelector('.search-option-title')?.textContent);
const hit = (title: string): FixtureHit => ({ objectID: `${title}:en-US`, title, url: `/models/${title.replaceAll(' ', '-')}` });

/** Answers that the test releases (or fails) by query. */
function createGate() {
  const waiting = new Map<string, { resolve(hits: FixtureHit[]): void; reject(error: Error): void }>();
  return {
    answer: (query: string) =>
      query
        ? new Promise<FixtureHit[]>((resolve, reject) => {
            waiting.set(query, { resolve, reject });
          })
        : [],
    has: (query: string) => waiting.has(query),
    release: (query: string, hits: FixtureHit[]) => waiting.get(query)!.resolve(hits),
    fail: (query: string) => waiting.get(query)!.reject(Object.assign(new Error('Service unavailable'), { status: 503 })),
  };
}

describe('HeaderSearchBox status', () => {
  it('shows nothing while a search is fast, then a spinner once it stalls (300 ms)', async () => {
    const gate = createGate();
    renderWithRouter(<HeaderSearchBox locale="en-US" takeHandoff={() => handoff} onReady={() => {}} searchClient={createScriptedClient(gate.answer)} />);

    type('lamp');
    await waitFor(() => expect(gate.has('lamp')).toBe(true));
    const early = document.querySelector('[data-status]');
    await waitFor(() => expect(document.querySelector('[data-status="stalled"]')).not.toBeNull(), { timeout: 1000 });
    const announced = screen.getByText('Searching…', { selector: '[role=status]' });
    gate.release('lamp', [hit('Desk Lamp')]);

    expect(early).toBeNull();
    expect(announced).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-status]')).toBeNull());
    expect(titles()).toEqual(['Desk Lamp']);
  });

  it('shows a message with Retry after an error, and Retry sends the typed query again', async () => {
    const gate = createGate();
    const client = createScriptedClient(gate.answer);
    renderWithRouter(<HeaderSearchBox locale="en-US" takeHandoff={() => handoff} onReady={() => {}} searchClient={client} />);
    type('lamp');
    await waitFor(() => expect(gate.has('lamp')).toBe(true));

    gate.fail('lamp');
    const alert = await screen.findByRole('alert');
    const callsBefore = client.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(client.calls.length).toBe(callsBefore + 1));
    const retried = client.calls.at(-1)!.params.query;
    gate.release('lamp', [hit('Desk Lamp')]);

    expect(alert.textContent).toContain('Search is not available right now.');
    expect(retried).toBe('lamp');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(titles()).toEqual(['Desk Lamp']);
  });

  it('never lets a slow answer to an older query replace a newer one', async () => {
    const gate = createGate();
    renderWithRouter(<HeaderSearchBox locale="en-US" takeHandoff={() => handoff} onReady={() => {}} searchClient={createScriptedClient(gate.answer)} />);

    type('la');
    await waitFor(() => expect(gate.has('la')).toBe(true));
    type('lam');
    await waitFor(() => expect(gate.has('lam')).toBe(true));
    gate.release('lam', [hit('Lamp Shade')]);
    await waitFor(() => expect(titles()).toEqual(['Lamp Shade']));
    gate.release('la', [hit('Larch Table'), hit('Lamp Shade')]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(titles()).toEqual(['Lamp Shade']);
    expect(input().value).toBe('lam');
  });
});
