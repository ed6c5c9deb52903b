/**
 * A fixed-size log-bucketed histogram (the DDSketch idea, arxiv.org/abs/1908.10693):
 * bin i > 0 holds values in (γ^(i-1), γ^i] and reports 2γ^i/(γ+1), so any
 * percentile is within ±3.6% of the true value for γ = 1.075. Histograms
 * merge by adding bins, which rolling windows need and reservoirs cannot do
 * without bias. 160 bins of 4 bytes span 1 to ~100 000 (ms, or CLS × 1000);
 * bin 0 holds values below 1 and larger values land in the last bin.
 */
const GAMMA = 1.075;
const LOG_GAMMA = Math.log(GAMMA);
export const HISTOGRAM_BINS = 160;

/** Relative error bound of `getPercentile` inside the histogram's range. */
export const HISTOGRAM_RELATIVE_ERROR = (GAMMA - 1) / (GAMMA + 1);

export type Histogram = Uint32Array;

export function createHistogram(): Histogram {
  return new Uint32Array(HISTOGRAM_BINS);
}

export function toBin(value: number): number {
  if (!(value >= 1)) return 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.max(1, Math.ceil(Math.log(value) / LOG_GAMMA)));
}

function binValue(bin: number): number {
  return bin === 0 ? 0 : (2 * GAMMA ** bin) / (GAMMA + 1);
}

export function recordValue(histogram: Histogram, value: number): void {
  const bin = toBin(value);
  histogram[bin] = (histogram[bin] ?? 0) + 1;
}

export function mergeInto(target: Histogram, source: Histogram): void {
  for (let bin = 0; bin < HISTOGRAM_BINS; bin += 1) target[bin] = (target[bin] ?? 0) + (source[bin] ?? 0);
}

export function countOf(histogram: Histogram): number {
  let total = 0;
  for (const count of histogram) total += count;
  return total;
}

/** Nearest-rank percentile (`q` in 0..1), or null for an empty histogram. */
export function getPercentile(histogram: Histogram, q: number): number | null {
  const total = countOf(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bin = 0; bin < HISTOGRAM_BINS; bin += 1) {
    seen += histogram[bin] ?? 0;
    if (seen >= rank) return binValue(bin);
  }
  return binValue(HISTOGRAM_BINS - 1);
}
