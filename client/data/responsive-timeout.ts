/**
 * Aborts after `ms` of time in which this page could have run code: a 250 ms tick counts at most 500 ms, so a main thread
 * blocked for seconds (shaders compiling on a slow phone) counts as one tick. With `AbortSignal.timeout` a busy page ran the
 * expired timer before the arrived answer and reloaded the whole document, for a reason that was ours, not the server's.
 */
export function responsiveTimeout(ms: number, now = () => performance.now()): AbortSignal {
  const controller = new AbortController();
  let last = now();
  const tick = () => {
    const at = now();
    ms -= Math.min(at - last, 500);
    last = at;
    if (ms > 0) setTimeout(tick, Math.min(250, ms));
    else controller.abort();
  };
  tick();
  return controller.signal;
}
