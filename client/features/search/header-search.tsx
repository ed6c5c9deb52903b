import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { paths } from '#shared/urls.ts';

import { getLoadedHeaderSearchBox, loadHeaderSearchBox, preloadWhenIdle, readHandoff } from './load-search-box.ts';
import { SearchErrorBoundary } from './search-error-boundary.tsx';
import { SearchForm } from './search-form.tsx';
import { useSearchShortcuts } from './use-search-shortcuts.ts';

import './search.css';

import type { ComponentType } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { HeaderSearchBoxProps } from './load-search-box.ts';

type Upgrade = { Box: ComponentType<HeaderSearchBoxProps>; wantsFocus: boolean };

/**
 * The header search: the plain form (the same on server and client), swapped for the InstantSearch box on first focus or pointer press (its chunk loads then,
 * or earlier when idle). The plain input keeps taking keystrokes until the interactive one exists, which then takes over the text, focus and caret in the
 * same task (ADR 025). On the search page the header stays a plain form: one InstantSearch root per page.
 */
export function HeaderSearch({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const onSearchPage = pathname === paths.search(locale);
  const inputRef = useRef<HTMLInputElement>(null);
  const [upgrade, setUpgrade] = useState<Upgrade | null>(null);
  const [ready, setReady] = useState(false);
  const loading = useRef(false);
  useSearchShortcuts();
  useEffect(() => (onSearchPage ? undefined : preloadWhenIdle()), [onSearchPage]);
  // The search page unmounts the box; coming back starts again from the plain form.
  const [wasOnSearchPage, setWasOnSearchPage] = useState(onSearchPage);
  if (onSearchPage !== wasOnSearchPage) {
    setWasOnSearchPage(onSearchPage);
    if (onSearchPage) {
      setUpgrade(null);
      setReady(false);
    }
  }

  const activate = (wantsFocus: boolean) => {
    if (upgrade || onSearchPage || loading.current) return;
    const Box = getLoadedHeaderSearchBox();
    if (Box) return setUpgrade({ Box, wantsFocus });
    loading.current = true;
    loadHeaderSearchBox().then(
      (Loaded) => {
        loading.current = false;
        setUpgrade({ Box: Loaded, wantsFocus: false });
      },
      // The chunk failed to load: the plain form keeps working, and the next focus tries again.
      () => void (loading.current = false),
    );
  };

  const interactive = upgrade !== null && !onSearchPage;
  const showPlain = !interactive || !ready;
  // Fixed positions (null holds a slot): the plain form must not remount (it holds the typing) when the box joins it.
  return (
    <>
      {showPlain ? (
        <SearchForm
          locale={locale}
          variant="header"
          inputRef={inputRef}
          inputProps={interactive ? {} : { onFocus: () => activate(false), onPointerDown: () => activate(true) }}
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
