/**
 * Runs `task` once the page has loaded and the main thread is idle (at the
 * latest `timeoutMs` after the load event); Safari has no requestIdleCallback,
 * so a short timer stands in. For work the page can do without while it loads:
 * prefetches, chunks for later. Returns a cancel function.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 2000): () => void {
  let isCancelled = false;
  const run = () => isCancelled || task();
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: timeoutMs }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => void (isCancelled = true);
}
