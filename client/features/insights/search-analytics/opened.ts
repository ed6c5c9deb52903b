/**
 * The hit a search last opened in this tab, in sessionStorage: viewing that model in 3D or AR converts the search, once
 * (docs/decisions/067-search-analytics.md). Apart from session.ts so the model viewer, on every model page, carries only this.
 */
const KEY = 'vitrine:search-opened';

export interface OpenedHit {
  /** The hit's pathname. */
  path: string;
  /** The counted search it was opened from. */
  queryID: string;
  /** Our collector's search events endpoint, a path on this origin. */
  endpoint: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function getSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Storage blocked or full: there is no conversion to report later, which costs nothing else. */
export function rememberOpenedHit(hit: OpenedHit, storage: Storage | undefined = getSessionStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...hit, converted: false }));
  } catch {
    // Nothing to remember it in.
  }
}

/** The search the page at `path` was opened from, the first time only. */
export function takeOpenedHit(path: string, storage: Storage | undefined = getSessionStorage()): OpenedHit | undefined {
  try {
    const opened = JSON.parse(storage?.getItem(KEY) ?? 'null') as (OpenedHit & { converted?: boolean }) | null;
    if (!opened || opened.converted !== false || opened.path !== path || typeof opened.queryID !== 'string' || typeof opened.endpoint !== 'string') return;
    storage?.setItem(KEY, JSON.stringify({ ...opened, converted: true }));
    return { path: opened.path, queryID: opened.queryID, endpoint: opened.endpoint };
  } catch {
    return undefined;
  }
}
