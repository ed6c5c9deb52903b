/**
 * Runs `task` once the page has loaded and the main thread is idle (at the latest `timeoutMs` after the load event;
 * Safari has no requestIdleCallback, so a short timer stands in): for prefetches and chunks for later. Returns a cancel function.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2000): () => void {
  let isCancelled = false;
  const run = () => isCancelled || task();
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: timeoutMs }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => void (isCancelled = true);
}

/** The parts of the Network Information API we use (Chromium only). */
export interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

/** `navigator.connection`; its `saveData` is the visitor's Save-Data setting, which skips optional loads. */
export function networkInformation(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}
