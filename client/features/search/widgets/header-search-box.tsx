import { useCallback, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useHits, useInstantSearch, useSearchBox } from 'react-instantsearch';
import { useNavigate } from 'react-router';

import { prefetch, PrefetchLink } from '#client/components/prefetch-link.tsx';
import { sanitizeQuery, toSafeHitPath, toSearchPageHref } from '#shared/search.ts';

import { SEARCH_LABELS } from '../labels.ts';
import { SearchForm } from '../search-form.tsx';
import { createSearchClient, SearchRoot, skipEmptyQueries, useDebouncedQueryHook } from '../search-root.tsx';
import { HitExcerpt, HitTitle, SearchStatus } from './hit-parts.tsx';

import type { SearchClient } from 'instantsearch.js';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { Locale } from '#shared/content/types.ts';
import type { SearchLabels } from '../labels.ts';
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
  const [value, setValue] = useState(handoff.value);
  const { query: searchedQuery, refine } = useSearchBox({ queryHook: useDebouncedQueryHook() });
  const { items, results, sendEvent } = useHits<SearchHit>();
  // After an error InstantSearch restores the last state that worked, so Retry sends the typed query again.
  const { status } = useInstantSearch({ catchError: true });
  const query = sanitizeQuery(value);
  const hits = items.filter((hit) => toSafeHitPath(hit.url));
  const isCurrent = status === 'idle' && results !== undefined && results.query === query;

  const openHit = (hit: SearchHit, newTab: boolean) => {
    const path = toSafeHitPath(hit.url)!;
    sendEvent('click', hit, 'Search Result Opened');
    if (newTab) return void window.open(path, '_blank', 'noopener');
    combobox.close();
    void navigate(path);
  };
  const combobox = useCombobox({ items: hits, resultsKey: results, hasQuery: query.trim() !== '', initiallyOpen: handoff.focused, onOpenItem: openHit });
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // In the same task the plain input goes away in: focus, caret, and a search for anything typed after InstantSearch started.
  const takeOver = useEffectEvent(() => {
    const input = inputRef.current;
    if (input && handoff.focused) {
      input.focus();
      if (handoff.selectionStart !== null) input.setSelectionRange(handoff.selectionStart, handoff.selectionEnd ?? handoff.selectionStart);
    }
    if (sanitizeQuery(handoff.value) !== searchedQuery) refine(sanitizeQuery(handoff.value));
    onReady();
  });
  useLayoutEffect(() => takeOver(), []);

  const { expanded, close } = combobox;
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded, close]);

  const submit = () => {
    combobox.close();
    void navigate(toSearchPageHref(locale, { query: query.trim() }));
  };

  const noResults = isCurrent && results.nbHits === 0 && query.trim() !== '';
  const count = isCurrent ? (noResults ? t.noResults(query.trim()) : t.resultCount(results.nbHits)) : '';
  const announcement = !expanded ? '' : status === 'stalled' ? t.searching : count;

  return (
    <div
      className="header-search-root"
      ref={rootRef}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) combobox.close();
      }}
    >
      <SearchForm
        locale={locale}
        variant="header"
        onSubmit={submit}
        inputRef={inputRef}
        inputProps={{
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': expanded,
          'aria-controls': listboxId,
          'aria-activedescendant': expanded && combobox.activeIndex >= 0 ? optionId(combobox.activeIndex) : undefined,
          value,
          onChange: (event) => {
            setValue(event.target.value);
            combobox.open();
            refine(sanitizeQuery(event.target.value));
          },
          onFocus: combobox.open,
          onKeyDown: combobox.onKeyDown,
        }}
      />
      <div className="search-panel" hidden={!expanded}>
        <SearchStatus status={status} labels={t} onRetry={() => refine(query)} />
        <ul role="listbox" id={listboxId} aria-label={t.suggestions} className="search-options" hidden={hits.length === 0}>
          {hits.map((hit, index) => (
            <HitOption
              key={hit.objectID}
              id={optionId(index)}
              hit={hit}
              labels={t}
              selected={index === combobox.activeIndex}
              onHover={() => combobox.setActive(index)}
              onOpen={(newTab) => openHit(hit, newTab)}
            />
          ))}
        </ul>
        {noResults ? <p className="search-message">{t.noResults(query.trim())}</p> : null}
        {isCurrent && results.nbHits > hits.length ? (
          <PrefetchLink to={toSearchPageHref(locale, { query: query.trim() })} className="search-panel-footer" prefetch="intent" onClick={combobox.close}>
            {t.seeAll(results.nbHits)}
          </PrefetchLink>
        ) : null}
      </div>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}

type HitOptionProps = { id: string; hit: SearchHit; labels: SearchLabels; selected: boolean; onHover(): void; onOpen(newTab: boolean): void };

/** Options must not contain interactive elements, so no link: every kind of click opens the hit here. */
function HitOption({ id, hit, labels, selected, onHover, onOpen }: HitOptionProps) {
  const type = (labels.types as Record<string, string>)[hit.type] ?? hit.type;
  const path = toSafeHitPath(hit.url);
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className="search-option"
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={() => path && prefetch(path)}
      onMouseMove={selected ? undefined : onHover}
      onClick={(event: MouseEvent) => onOpen(event.ctrlKey || event.metaKey || event.shiftKey)}
      onAuxClick={(event: MouseEvent) => {
        if (event.button === 1) onOpen(true);
      }}
    >
      <span className="eyebrow">{type}</span>
      <span className="search-option-title">
        <HitTitle hit={hit} />
      </span>
      <span className="search-option-snippet">
        <HitExcerpt hit={hit} />
      </span>
    </li>
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
