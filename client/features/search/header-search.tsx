import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { loadOnce } from '#client/components/load-once.ts';
import { paths } from '#shared/urls.ts';

import { HEADER_SEARCH_INPUT_ID, PAGE_SEARCH_INPUT_ID, SearchErrorBoundary, SearchForm } from './search-form.tsx';

import './search.css';

import type { ComponentType } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { HeaderSearchBoxProps, SearchHandoff } from './widgets/header-search-box.tsx';

type HeaderSearchBox = ComponentType<HeaderSearchBoxProps>;

let loaded: HeaderSearchBox | undefined;
const loadHeaderSearchBox = loadOnce(() => import('./widgets/header-search-box.tsx').then((module) => (loaded = module.HeaderSearchBox)));

/** Lets a focus swap the box in synchronously once its chunk arrived. */
export function getLoadedHeaderSearchBox(): HeaderSearchBox | undefined {
  return loaded;
}

function readHandoff(input: HTMLInputElement | null, wantsFocus: boolean): SearchHandoff {
  if (!input) return { value: '', focused: wantsFocus, selectionStart: null, selectionEnd: null };
  const focused = wantsFocus || input.ownerDocument.activeElement === input;
  return { value: input.value, focused, selectionStart: input.selectionStart, selectionEnd: input.selectionEnd };
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** `/` and Ctrl/Cmd+K focus the search page's box, else the header's, unless the visitor is typing in another field. */
function useSearchShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.altKey) return;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey;
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      if ((!slash && !commandK) || isTyping(event.target)) return;
      const input = document.getElementById(PAGE_SEARCH_INPUT_ID) ?? document.getElementById(HEADER_SEARCH_INPUT_ID);
      if (!(input instanceof HTMLInputElement)) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

type Upgrade = { Box: HeaderSearchBox; wantsFocus: boolean };

/**
 * The plain form, swapped for the InstantSearch box on first focus or pointer press; its chunk loads on intent only (ADR 058). The interactive
 * input takes over text, focus and caret in the same task (ADR 025). On the search page the header stays plain: one InstantSearch root per page.
 */
export function HeaderSearch({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const onSearchPage = pathname === paths.search(locale);
  const inputRef = useRef<HTMLInputElement>(null);
  const [upgrade, setUpgrade] = useState<Upgrade | null>(null);
  const [ready, setReady] = useState(false);
  const isLoading = useRef(false);
  useSearchShortcuts();
  // Coming back from the search page starts again from the plain form.
  const [wasOnSearchPage, setWasOnSearchPage] = useState(onSearchPage);
  if (onSearchPage !== wasOnSearchPage) {
    setWasOnSearchPage(onSearchPage);
    if (onSearchPage) {
      setUpgrade(null);
      setReady(false);
    }
  }

  const activate = (wantsFocus: boolean) => {
    if (upgrade || onSearchPage || isLoading.current) return;
    if (loaded) return setUpgrade({ Box: loaded, wantsFocus });
    isLoading.current = true;
    loadHeaderSearchBox().then(
      (Box) => {
        isLoading.current = false;
        setUpgrade({ Box, wantsFocus: false });
      },
      // The chunk failed to load: the plain form keeps working, and the next focus tries again.
      () => void (isLoading.current = false),
    );
  };

  // The pointer on its way to the box: the chunk is on the wire before the press that needs it.
  const prefetch = () => void loadHeaderSearchBox().catch(() => undefined);
  const interactive = upgrade !== null && !onSearchPage;
  // Fixed positions (null holds a slot): the plain form must not remount (it holds the typing) when the box joins it.
  return (
    <>
      {!interactive || !ready ? (
        <SearchForm
          locale={locale}
          variant="header"
          inputRef={inputRef}
          inputProps={interactive ? {} : { onFocus: () => activate(false), onPointerDown: () => activate(true) }}
          onPointerEnter={interactive || onSearchPage ? undefined : prefetch}
        />
      ) : null}
      {interactive ? (
        // Before the box is ready the plain form is still there, so a failure needs no fallback of its own.
        <SearchErrorBoundary fallback={ready ? <SearchForm locale={locale} variant="header" /> : null}>
          <upgrade.Box locale={locale} takeHandoff={() => readHandoff(inputRef.current, upgrade.wantsFocus)} onReady={() => setReady(true)} />
        </SearchErrorBoundary>
      ) : null}
    </>
  );
}
