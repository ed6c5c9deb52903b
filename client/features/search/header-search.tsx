import { useEffect, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';

import { SEARCH_MAX_QUERY_LENGTH } from '#shared/constants.ts';
import { paths } from '#shared/urls.ts';

import { HEADER_SEARCH_LABELS } from './header-labels.ts';
import { getLoadedHeaderSearchBox, loadHeaderSearchBox, preloadWhenIdle, readHandoff } from './load-search-box.ts';
import { SearchErrorBoundary } from './search-error-boundary.tsx';
import { SearchIcon } from './search-icon.tsx';
import { HEADER_SEARCH_INPUT_ID, useSearchShortcuts } from './use-search-shortcuts.ts';

import './search.css';

import type { Locale } from '#shared/content/types.ts';
import type { HeaderSearchBoxProps } from './load-search-box.ts';
import type { ComponentType, Ref } from 'react';

/**
 * The header's search form exactly as the server renders it: a GET form to
 * the locale's search page, which is all there is without JavaScript.
 */
export function HeaderSearchForm({
  locale,
  inputRef,
  onActivate,
}: {
  locale: Locale;
  inputRef?: Ref<HTMLInputElement>;
  onActivate?: (wantsFocus: boolean) => void;
}) {
  const t = HEADER_SEARCH_LABELS[locale];
  return (
    <Form role="search" aria-label={t.siteSearch} method="get" action={paths.search(locale)} className="header-search">
      <label htmlFor={HEADER_SEARCH_INPUT_ID} className="visually-hidden">
        {t.inputLabel}
      </label>
      <input
        ref={inputRef}
        id={HEADER_SEARCH_INPUT_ID}
        className="search-input"
        type="search"
        name="q"
        maxLength={SEARCH_MAX_QUERY_LENGTH}
        placeholder={t.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts="/ Control+K Meta+K"
        onFocus={onActivate ? () => onActivate(false) : undefined}
        onPointerDown={onActivate ? () => onActivate(true) : undefined}
      />
      <button type="submit" className="search-submit">
        <span className="visually-hidden">{t.search}</span>
        <SearchIcon />
      </button>
    </Form>
  );
}

type Upgrade = { Box: ComponentType<HeaderSearchBoxProps>; wantsFocus: boolean };

/**
 * The header search box. It renders the plain form (identical on server and
 * client) and swaps in the interactive InstantSearch box on first focus or
 * pointer press; its code loads then, or earlier when the browser is idle.
 * The swap is seamless: InstantSearch mounts its children a render after
 * its own first one, so the plain input stays on screen and keeps taking
 * keystrokes until the interactive input exists; that one then takes over
 * what was typed by then, the focus and the caret, in the same task. On the
 * search page the page's own search box is the InstantSearch one (one root
 * per page), so the header stays a plain form there.
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
      {showPlain ? <HeaderSearchForm locale={locale} inputRef={inputRef} onActivate={interactive ? undefined : activate} /> : null}
      {interactive ? (
        // Before the box is ready the plain form is still there, so a failure needs no fallback of its own.
        <SearchErrorBoundary fallback={ready ? <HeaderSearchForm locale={locale} /> : null}>
          <upgrade.Box locale={locale} takeHandoff={() => readHandoff(inputRef.current, upgrade.wantsFocus)} onReady={() => setReady(true)} />
        </SearchErrorBoundary>
      ) : null}
    </>
  );
}
