/**
 * An AbortSignal that aborts after `ms` of time in which this page could have run code: a 250 ms timer tick counts at most
 * 500 ms, so seconds with the main thread blocked (a 3D model's shaders compiling on a slow phone) count as one tick.
 *
 * Why: the route-data timeout exists for a server that does not answer. With `AbortSignal.timeout`, a page whose main thread
 * was busy when the answer arrived ran the expired timer first and reloaded the whole document — slower, and for a reason
 * that was ours, not the server's. Without blocking it aborts at `ms`, like `AbortSignal.timeout`. It ticks until then
 * (at most 16 short callbacks), as `AbortSignal.timeout`'s timer runs to its end.
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
