/** Settles as `work` does, or with `onTimeout()` (a return or a throw) after `ms`; the work itself is not stopped. */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))).then(onTimeout);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
