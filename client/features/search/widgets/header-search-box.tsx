import { useCallback, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useHits, useInstantSearch } from 'react-instantsearch';
import { useNavigate } from 'react-router';

import { prefetch, PrefetchLink } from '#client/components/prefetch-link.tsx';
import { sanitizeQuery, toSafeHitPath, toSearchPageHref } from '#shared/search.ts';

import { SEARCH_LABELS } from '../labels.ts';
import { SearchForm } from '../search-form.tsx';
import { createSearchClient, SearchRoot, skipEmptyQueries } from '../search-root.tsx';
import { HitExcerpt, HitTitle, SearchStatus, typeLabel, useTypedQuery } from './hit-parts.tsx';

import type { SearchClient } from 'instantsearch.js';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { SearchHit } from './hit-parts.tsx';

export type SearchHandoff = { value: string; focused: boolean; selectionStart: number | null; selectionEnd: number | null };

export interface HeaderSearchBoxProps {
  locale: Locale;
  /** Called when the interactive input mounts: the plain form takes keystrokes until then. */
  takeHandoff: () => SearchHandoff;
  /** The plain form can go. */
  onReady: () => void;
}

/** `searchClient` replaces the configured client (tests). */
export function HeaderSearchBox({ locale, takeHandoff, onReady, searchClient }: HeaderSearchBoxProps & { searchClient?: SearchClient }) {
  return (
    <SearchRoot
      locale={locale}
      createClient={(algolia) => searchClient ?? skipEmptyQueries(createSearchClient(algolia, window.location.origin))}
      // The combobox catches up with anything typed before its input mounts.
      uiState={() => ({ query: sanitizeQuery(takeHandoff().value) })}
    >
      <HeaderCombobox locale={locale} takeHandoff={takeHandoff} onReady={onReady} />
    </SearchRoot>
  );
}

/** Closes on blur or a click outside; a polite live region announces the result count. */
function HeaderCombobox({ locale, takeHandoff, onReady }: { locale: Locale; takeHandoff: () => SearchHandoff; onReady: () => void }) {
  const t = SEARCH_LABELS[locale];
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  // At mount: the plain input may have taken more keystrokes until then.
  const [handoff] = useState(takeHandoff);
  const typed = useTypedQuery(handoff.value);
  const { items, results, sendEvent } = useHits<SearchHit>();
  const { status } = useInstantSearch({ catchError: true });
  const query = typed.query.trim();
  const hits = items.filter((hit) => toSafeHitPath(hit.url));
  const isCurrent = status === 'idle' && results !== undefined && results.query === typed.query;

  const openHit = (hit: SearchHit, newTab: boolean) => {
    const path = toSafeHitPath(hit.url)!;
    sendEvent('click', hit, 'Search Result Opened');
    if (newTab) return void window.open(path, '_blank', 'noopener');
    combobox.close();
    void navigate(path);
  };
  const combobox = useCombobox({ items: hits, resultsKey: results, hasQuery: query !== '', initiallyOpen: handoff.focused, onOpenItem: openHit });
  const { expanded, close } = combobox;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // In the same task the plain input goes away in: focus, caret, and a search for anything typed after InstantSearch started.
  const takeOver = useEffectEvent(() => {
    const input = inputRef.current;
    if (input && handoff.focused) {
      input.focus();
      if (handoff.selectionStart !== null) input.setSelectionRange(handoff.selectionStart, handoff.selectionEnd ?? handoff.selectionStart);
    }
    if (typed.query !== typed.searched) typed.search();
    onReady();
  });
  useLayoutEffect(() => takeOver(), []);

  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => void (rootRef.current?.contains(event.target as Node) || close());
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded, close]);

  const noResults = isCurrent && results.nbHits === 0 && query !== '';
  const count = isCurrent ? (noResults ? t.noResults(query) : t.resultCount(results.nbHits)) : '';
  const searchPage = toSearchPageHref(locale, { query });

  return (
    <div className="header-search-root" ref={rootRef} onBlur={(event) => rootRef.current?.contains(event.relatedTarget as Node | null) || close()}>
      <SearchForm
        locale={locale}
        variant="header"
        onSubmit={() => {
          close();
          void navigate(searchPage);
        }}
        inputRef={inputRef}
        inputProps={{
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': expanded,
          'aria-controls': listboxId,
          'aria-activedescendant': expanded && combobox.activeIndex >= 0 ? optionId(combobox.activeIndex) : undefined,
          value: typed.value,
          onChange: (event) => {
            combobox.open();
            typed.change(event.target.value);
          },
          onFocus: combobox.open,
          onKeyDown: combobox.onKeyDown,
        }}
      />
      <div className="search-panel" hidden={!expanded}>
        <SearchStatus status={status} labels={t} onRetry={() => typed.search()} />
        <ul role="listbox" id={listboxId} aria-label={t.suggestions} className="plain-list" hidden={hits.length === 0}>
          {hits.map((hit, index) => (
            // Options must not contain interactive elements, so no link: every kind of click opens the hit here.
            <li
              key={hit.objectID}
              id={optionId(index)}
              role="option"
              aria-selected={index === combobox.activeIndex}
              className="search-option"
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => prefetch(toSafeHitPath(hit.url)!)}
              onMouseMove={index === combobox.activeIndex ? undefined : () => combobox.setActive(index)}
              onClick={(event: MouseEvent) => openHit(hit, event.ctrlKey || event.metaKey || event.shiftKey)}
              onAuxClick={(event: MouseEvent) => event.button === 1 && openHit(hit, true)}
            >
              <span className="eyebrow">{typeLabel(t, hit.type)}</span>
              <span className="search-option-title">
                <HitTitle hit={hit} />
              </span>
              <span className="search-option-snippet">
                <HitExcerpt hit={hit} />
              </span>
            </li>
          ))}
        </ul>
        {noResults ? <p className="search-message">{count}</p> : null}
        {isCurrent && results.nbHits > hits.length ? (
          <PrefetchLink to={searchPage} className="search-panel-footer" prefetch="intent" onClick={close}>
            {t.seeAll(results.nbHits)}
          </PrefetchLink>
        ) : null}
      </div>
      <div role="status" className="visually-hidden">
        {!expanded ? '' : status === 'stalled' ? t.searching : count}
      </div>
    </div>
  );
}

interface ComboboxOptions<T> {
  items: readonly T[];
  /** New results reset the active option. */
  resultsKey: unknown;
  /** The popup never opens for an empty query. */
  hasQuery: boolean;
  initiallyOpen: boolean;
  onOpenItem(item: T, newTab: boolean): void;
}

/** WAI-ARIA APG "Combobox With Listbox Popup"; Ctrl/Cmd+Enter opens in a new tab. */
function useCombobox<T>({ items, resultsKey, hasQuery, initiallyOpen, onOpenItem }: ComboboxOptions<T>) {
  const [open, setOpen] = useState(initiallyOpen);
  const [active, setActiveState] = useState<{ index: number; key: unknown }>({ index: -1, key: resultsKey });
  const activeIndex = active.key === resultsKey && active.index < items.length ? active.index : -1;
  const expanded = open && hasQuery;
  const setActive = (index: number) => setActiveState({ index, key: resultsKey });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!hasQuery) return;
      event.preventDefault();
      if (!expanded) return setOpen(true);
      if (items.length === 0) return;
      if (event.key === 'ArrowDown') setActive((activeIndex + 1) % items.length);
      else setActive(activeIndex <= 0 ? items.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      const item = expanded && activeIndex >= 0 ? items[activeIndex] : undefined;
      // Without an active option Enter submits the form.
      if (item === undefined) return;
      event.preventDefault();
      onOpenItem(item, event.ctrlKey || event.metaKey);
    } else if (event.key === 'Escape' && expanded) {
      // Also keeps a type=search input from clearing itself: the first Escape only closes.
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const openPopup = useCallback(() => setOpen(true), []);
  const close = useCallback(() => {
    setOpen(false);
    setActiveState((current) => (current.index === -1 ? current : { ...current, index: -1 }));
  }, []);
  return { expanded, activeIndex, setActive, open: openPopup, close, onKeyDown };
}
