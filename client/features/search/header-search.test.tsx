import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Locale } from '#shared/content/types.ts';
import type { HeaderSearchBoxProps, SearchHandoff } from './widgets/header-search-box.tsx';

// The real interactive box is tested in widgets/; here it is a stand-in that records what it was handed.
// Like InstantSearch, it renders nothing on its first render and mounts its input a render later.
const chunk = vi.hoisted(() => ({ crash: false, startDelayMs: 0 }));
vi.mock('./widgets/header-search-box.tsx', async () => {
  const { useEffect, useLayoutEffect, useState } = await import('react');
  function Input({ takeHandoff, onReady }: Omit<HeaderSearchBoxProps, 'locale'>) {
    const [handoff] = useState(takeHandoff);
    useLayoutEffect(() => onReady(), [onReady]);
    return <input aria-label="interactive search" data-handoff={JSON.stringify(handoff)} />;
  }
  return {
    HeaderSearchBox: ({ takeHandoff, onReady }: HeaderSearchBoxProps) => {
      const [started, setStarted] = useState(false);
      useEffect(() => {
        const id = setTimeout(() => setStarted(true), chunk.startDelayMs);
        return () => clearTimeout(id);
      }, []);
      if (chunk.crash) throw new Error('search widget crashed');
      return started ? <Input takeHandoff={takeHandoff} onReady={onReady} /> : null;
    },
  };
});

let isChunkLoaded = () => false;

/** A fresh copy of the shell and its module-level chunk cache for every test. */
async function loadShell() {
  vi.resetModules();
  const { HeaderSearch } = await import('./header-search.tsx');
  const { getLoadedHeaderSearchBox } = await import('./header-search.tsx');
  isChunkLoaded = () => getLoadedHeaderSearchBox() !== undefined;
  return HeaderSearch;
}

async function renderShell(locale: Locale = 'en-US', path = '/') {
  const HeaderSearch = await loadShell();
  const router = createMemoryRouter([{ path: '*', element: <HeaderSearch locale={locale} /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

const shellInput = () => document.getElementById('header-search-input') as HTMLInputElement;
const handoff = () => JSON.parse(screen.getByRole('textbox', { name: 'interactive search' }).dataset.handoff!) as SearchHandoff;

beforeEach(() => {
  chunk.crash = false;
  chunk.startDelayMs = 0;
  vi.stubGlobal('requestIdleCallback', undefined);
});

describe('HeaderSearch', () => {
  it('renders a plain GET form to the locale search page, identical on server and client', async () => {
    const HeaderSearch = await loadShell();
    const tree = (path: string, locale: Locale) => (
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <HeaderSearch locale={locale} /> }], { initialEntries: [path] })} />
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree('/de', 'de-DE'));
    document.body.append(container);

    const form = container.querySelector('form')!;
    await act(async () => {
      hydrateRoot(container, tree('/de', 'de-DE'));
    });

    expect(form.getAttribute('action')).toBe('/de/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('role')).toBe('search');
    expect(shellInput().name).toBe('q');
    expect(shellInput().maxLength).toBe(512);
    expect(shellInput().hasAttribute('role')).toBe(false);
    expect(container.querySelector('form')).toBe(form);
    expect(isChunkLoaded()).toBe(false);
    container.remove();
  });

  it('loads the interactive box on first focus and hands over what was typed, the focus and the caret', async () => {
    await renderShell();
    shellInput().value = 'lam';
    shellInput().setSelectionRange(1, 2);

    fireEvent.focus(shellInput());
    shellInput().focus();

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'interactive search' })).toBeTruthy());
    expect(handoff()).toEqual({ value: 'lam', focused: true, selectionStart: 1, selectionEnd: 2 });
  });

  it('fetches nothing without intent, even once the browser is idle after load', async () => {
    const idle = vi.fn((callback: () => void) => (callback(), 1));
    vi.stubGlobal('requestIdleCallback', idle);
    await renderShell();
    window.dispatchEvent(new Event('load'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));

    expect(isChunkLoaded()).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'interactive search' })).toBeNull();
  });

  it('fetches the chunk when the pointer enters the form but swaps only when the visitor comes to the box', async () => {
    await renderShell();

    const loadedBefore = isChunkLoaded();
    fireEvent.pointerEnter(shellInput().closest('form')!);
    await waitFor(() => expect(isChunkLoaded()).toBe(true));
    const swappedEarly = screen.queryByRole('textbox', { name: 'interactive search' });
    fireEvent.pointerDown(shellInput());

    expect(loadedBefore).toBe(false);
    expect(swappedEarly).toBeNull();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'interactive search' })).toBeTruthy());
  });

  it('keeps the plain input taking keystrokes until the interactive one exists, then hands over all of them', async () => {
    chunk.startDelayMs = 50;
    await renderShell();
    const plain = shellInput();
    plain.focus();
    fireEvent.focus(plain);
    await waitFor(() => expect(isChunkLoaded()).toBe(true));

    // The chunk is here and the box is starting: the visitor goes on typing in the plain input.
    const stillPlain = document.getElementById('header-search-input');
    plain.value = 'leuchte';
    plain.setSelectionRange(7, 7);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'interactive search' })).toBeTruthy());

    expect(stillPlain).toBe(plain);
    expect(handoff()).toEqual({ value: 'leuchte', focused: true, selectionStart: 7, selectionEnd: 7 });
    // One box in the header once it took over.
    expect(document.querySelectorAll('form[role=search]')).toHaveLength(0);
    expect(plain.isConnected).toBe(false);
  });

  it('starts from the plain form again after the search page', async () => {
    const HeaderSearch = await loadShell();
    const router = createMemoryRouter([{ path: '*', element: <HeaderSearch locale="en-US" /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    fireEvent.focus(shellInput());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'interactive search' })).toBeTruthy());

    await act(() => router.navigate('/search'));
    const onSearchPage = shellInput();
    await act(() => router.navigate('/'));

    expect(onSearchPage.closest('form')?.getAttribute('action')).toBe('/search');
    expect(screen.queryByRole('textbox', { name: 'interactive search' })).toBeNull();
    expect(shellInput().value).toBe('');
  });

  it('focuses the box on / and Ctrl/Cmd+K, but not while the visitor types in another field', async () => {
    await renderShell();
    const other = document.createElement('textarea');
    document.body.append(other);

    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    fireEvent.keyDown(other, { key: 'k', ctrlKey: true });
    const whileTyping = document.activeElement;
    other.blur();
    fireEvent.keyDown(document.body, { key: 'k', metaKey: true });

    expect(whileTyping).toBe(other);
    await waitFor(() => expect(handoff()).toMatchObject({ focused: true }));
    other.remove();
  });

  it('stays a plain form on the search page, whose own box is the InstantSearch one', async () => {
    await renderShell('en-US', '/search');

    fireEvent.focus(shellInput());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(isChunkLoaded()).toBe(false);
    expect(shellInput()).toBeTruthy();
  });

  it('falls back to the plain form when the interactive box fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    chunk.crash = true;
    await renderShell();

    fireEvent.pointerDown(shellInput());
    fireEvent.focus(shellInput());

    await waitFor(() => expect(errors.mock.calls.some((call) => call[0] === 'search failed')).toBe(true));
    expect(shellInput().closest('form')?.getAttribute('action')).toBe('/search');
  });
});
