// Apart from session.ts so the model viewer, on every model page, carries only this.
const KEY = 'vitrine:search-opened';

interface OpenedHit {
  path: string;
  queryID: string;
  endpoint: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function getSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberOpenedHit(hit: OpenedHit, storage: Storage | undefined = getSessionStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...hit, converted: false }));
  } catch {
    // Blocked or full: no conversion to report later, nothing else lost.
  }
}

/** The first time only. */
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
