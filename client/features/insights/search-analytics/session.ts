import { getSessionStorage } from './opened.ts';

// The dedupe happens in the browser (sessionStorage, never sent) so nothing that could follow a visitor reaches the server (ADR 067).
const KEY = 'vitrine:search-analytics';
/** The oldest are forgotten first (a repeat after that counts again). */
const MAX_SEARCHES = 100;
const MAX_QUERY_IDS = 300;

interface SessionState {
  searches: Array<[key: string, queryID: string]>;
  /** Every queryID of a counted search's results (repeats, later pages) and the queryID it was counted under. */
  queryIDs: Array<[queryID: string, counted: string]>;
}

export type SearchSession = ReturnType<typeof createSearchSession>;

/** `storage` undefined, blocked or full: the session lives in memory for this page only. */
export function createSearchSession(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = getSessionStorage()) {
  let memory: SessionState = { searches: [], queryIDs: [] };

  const read = (): SessionState => {
    try {
      const parsed = JSON.parse(storage?.getItem(KEY) ?? 'null') as SessionState | null;
      if (parsed && Array.isArray(parsed.searches) && Array.isArray(parsed.queryIDs)) memory = parsed;
    } catch {
      // Unreadable or blocked: keep what this page knows.
    }
    return memory;
  };
  const write = (state: SessionState) => {
    memory = { searches: state.searches.slice(-MAX_SEARCHES), queryIDs: state.queryIDs.slice(-MAX_QUERY_IDS) };
    try {
      storage?.setItem(KEY, JSON.stringify(memory));
    } catch {
      // Quota or privacy mode: memory only.
    }
  };

  return {
    /** `counted`: the queryID clicks on it must carry. */
    count(locale: string, query: string, queryID: string): { counted: string; isNew: boolean } {
      const state = read();
      const key = `${locale} ${query}`;
      const known = state.searches.find(([searchKey]) => searchKey === key)?.[1];
      const counted = known ?? queryID;
      write({
        searches: known ? state.searches : [...state.searches, [key, queryID]],
        queryIDs: [...state.queryIDs.filter(([id]) => id !== queryID), [queryID, counted]],
      });
      return { counted, isNew: known === undefined };
    },
    resolve(queryID: string): string | undefined {
      return read().queryIDs.find(([id]) => id === queryID)?.[1];
    },
  };
}
