// The text an editor is typing in Live Preview, by entry and field, until the page changes (ADR 065).

const typed = new Map<string, string>();
const listeners = new Set<() => void>();
const keyOf = (entryId: string, fieldId: string) => `${entryId}\u0000${fieldId}`;
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** The editor's unsaved text for a field (live-preview.ts sets it; a new page clears it). */
export function setTypedText(entryId: string, fieldId: string, value: string | undefined): void {
  if (value === undefined) typed.delete(keyOf(entryId, fieldId));
  else typed.set(keyOf(entryId, fieldId), value);
  for (const listener of listeners) listener();
}

export function clearTypedText(): void {
  typed.clear();
  for (const listener of listeners) listener();
}

/** The typed text of one field, for `useSyncExternalStore`. */
export const typedTextStore = {
  subscribe,
  get: (entryId: string | undefined, fieldId: string) => (entryId ? typed.get(keyOf(entryId, fieldId)) : undefined),
};
