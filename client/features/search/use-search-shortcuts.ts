import { useEffect } from 'react';

import { HEADER_SEARCH_INPUT_ID, PAGE_SEARCH_INPUT_ID } from './search-form.tsx';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** `/` and Ctrl/Cmd+K focus the search box (the search page's, else the header's), unless the visitor is typing in another field. */
export function useSearchShortcuts(): void {
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
