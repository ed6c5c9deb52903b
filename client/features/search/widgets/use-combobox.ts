import { useCallback, useState } from 'react';

import type { KeyboardEvent } from 'react';

interface ComboboxOptions<T> {
  items: readonly T[];
  /** Identity of the shown result set; new results reset the active option. */
  resultsKey: unknown;
  /** The popup never opens for an empty query. */
  hasQuery: boolean;
  initiallyOpen: boolean;
  onOpenItem(item: T, index: number, newTab: boolean): void;
}

/**
 * WAI-ARIA APG "Combobox With Listbox Popup": ↓/↑ open the popup and move the active option (wrapping), Enter opens it (Ctrl/Cmd+Enter in a new tab),
 * Escape closes the popup. Focus stays in the input; the active option is announced through `aria-activedescendant`.
 */
export function useCombobox<T>({ items, resultsKey, hasQuery, initiallyOpen, onOpenItem }: ComboboxOptions<T>) {
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
      // Without an active option Enter submits the form (the search page).
      if (item === undefined) return;
      event.preventDefault();
      onOpenItem(item, activeIndex, event.ctrlKey || event.metaKey);
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
