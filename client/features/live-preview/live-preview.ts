import { ContentfulLivePreview } from '@contentful/live-preview';

import type { Locale } from '#shared/content/types.ts';

const TAGGED = '[data-contentful-entry-id][data-contentful-field-id]';

/**
 * Inspector mode and live updates (ADR 065): an edit shows its text fields at once, and the loaders run again when the editor saved,
 * so rich text, links and notes are rendered by the server from the Preview API, in place: no reload, the scroll position kept.
 */
export function startLivePreview(options: { locale: Locale; origins: readonly string[]; revalidate: () => void }): () => void {
  const { locale, revalidate } = options;
  void ContentfulLivePreview.init({ locale, targetOrigin: [...options.origins], enableInspectorMode: true, enableLiveUpdates: true });
  const subscriptions = new Map<string, () => void>();
  let pending: ReturnType<typeof setTimeout> | undefined;
  // An edit also revalidates, a little later: the draft is usually saved by then, and a save event follows anyway.
  const revalidateSoon = (delayMs: number) => {
    clearTimeout(pending);
    pending = setTimeout(revalidate, delayMs);
  };

  const onEdit = (entryId: string) => (data: unknown) => {
    const entry = data as { sys?: { id?: unknown }; fields?: Record<string, unknown> } | undefined;
    if (entry?.sys?.id !== entryId) return;
    const fields = entry.fields ?? {};
    for (const [fieldId, value] of Object.entries(fields)) if (typeof value === 'string') showTypedText(entryId, fieldId, value);
    revalidateSoon(800);
  };
  const syncSubscriptions = () => {
    const tagged = new Map<string, Record<string, string>>();
    for (const element of document.querySelectorAll<HTMLElement>(TAGGED)) {
      const { contentfulEntryId: id = '', contentfulFieldId: field = '' } = element.dataset;
      tagged.set(id, { ...tagged.get(id), [field]: element.textContent ?? '' });
    }
    for (const [id, unsubscribe] of subscriptions) {
      if (tagged.has(id)) continue;
      unsubscribe();
      subscriptions.delete(id);
    }
    for (const [id, fields] of tagged) {
      if (subscriptions.has(id)) continue;
      const data = { sys: { id, type: 'Entry' }, fields };
      subscriptions.set(id, ContentfulLivePreview.subscribe({ data, locale, callback: onEdit(id) }));
    }
  };
  const unsubscribeSave = ContentfulLivePreview.subscribe('save', { callback: () => revalidateSoon(50) });
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => {
    clearTimeout(scheduled);
    scheduled = setTimeout(syncSubscriptions, 100);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  syncSubscriptions();
  return () => {
    observer.disconnect();
    clearTimeout(pending);
    clearTimeout(scheduled);
    unsubscribeSave();
    for (const unsubscribe of subscriptions.values()) unsubscribe();
    subscriptions.clear();
  };
}

/**
 * Into the text node React rendered, not a new one: React keeps owning it and overwrites it as soon as the page's data brings
 * another value.
 */
function showTypedText(entryId: string, fieldId: string, value: string): void {
  for (const element of document.querySelectorAll<HTMLElement>(TAGGED)) {
    if (element.dataset.contentfulEntryId !== entryId || element.dataset.contentfulFieldId !== fieldId) continue;
    const [text, ...rest] = element.childNodes;
    if (text?.nodeType === Node.TEXT_NODE && rest.length === 0) text.nodeValue = value;
  }
}
