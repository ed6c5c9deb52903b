/** Runs `task` once the page has loaded and the main thread is idle (Safari has no requestIdleCallback: a short timer stands in). */
export function whenIdleAfterLoad(task: () => void): void {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Chromium only. */
interface NetworkInformationLike {
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

/** Its `saveData` (the visitor's Save-Data setting) skips optional loads. */
export function networkInformation(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}
