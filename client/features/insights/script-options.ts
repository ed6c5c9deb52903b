/** What a script tag tells its script: where to send, and how much to sample. */
export interface ScriptOptions {
  /** Absolute URL of the collector for this script (`<base>/insights/events`). */
  endpoint: string;
  /** Share of page loads that report, 0 to 1. */
  sampleRate: number;
}

/**
 * Reads the options from the executing `<script>`: the collector sits next
 * to the script (`…/script.js` → `…/events`), and `data-sample-rate` comes
 * from INSIGHTS_SAMPLE_RATE. Null when there is no script element to read.
 */
export function readScriptOptions(script: HTMLOrSVGScriptElement | null): ScriptOptions | null {
  if (!(script instanceof HTMLScriptElement) || !script.src) return null;
  const endpoint = new URL('events', script.src).href;
  const rate = Number(script.dataset.sampleRate ?? '1');
  return { endpoint, sampleRate: Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : 1 };
}

/** One decision per page load: every event of a sampled-out load is dropped. */
export function isSampledIn(sampleRate: number, random: () => number = Math.random): boolean {
  return sampleRate >= 1 || random() < sampleRate;
}
