/**
 * Tiny inline SVG charts for the operator dashboard: no client JS, no
 * external assets, styled by the page's `<style>` through class names.
 */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ChartOptions {
  /** Accessible name of the chart. */
  label: string;
  /** One label per value, shown as the bar's tooltip. */
  labels: string[];
  width?: number;
  height?: number;
}

const PAD = { top: 10, right: 8, bottom: 18, left: 64 };

function frame(options: ChartOptions, max: number, body: string, unit = ''): string {
  const { width = 640, height = 140 } = options;
  const top = PAD.top;
  const bottom = height - PAD.bottom;
  const axis = [
    `<line class="axis" x1="${PAD.left}" y1="${bottom}" x2="${width - PAD.right}" y2="${bottom}"/>`,
    `<text class="tick" x="${PAD.left - 6}" y="${top + 4}" text-anchor="end">${escapeHtml(formatNumber(max))}${unit}</text>`,
    `<text class="tick" x="${PAD.left - 6}" y="${bottom}" text-anchor="end">0</text>`,
    `<text class="tick" x="${PAD.left}" y="${height - 4}">${escapeHtml(options.labels[0] ?? '')}</text>`,
    `<text class="tick" x="${width - PAD.right}" y="${height - 4}" text-anchor="end">${escapeHtml(options.labels.at(-1) ?? '')}</text>`,
  ].join('');
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(options.label)}"><title>${escapeHtml(options.label)}</title>${axis}${body}</svg>`;
}

function plotArea(options: ChartOptions, count: number) {
  const { width = 640, height = 140 } = options;
  const innerWidth = width - PAD.left - PAD.right;
  const innerHeight = height - PAD.top - PAD.bottom;
  const step = innerWidth / Math.max(1, count);
  return { step, innerHeight, x: (index: number) => PAD.left + index * step, baseline: PAD.top + innerHeight };
}

/** Vertical bars, one per value (page views per bucket). */
export function renderBarChart(values: number[], options: ChartOptions): string {
  const max = Math.max(1, ...values);
  const { step, innerHeight, x, baseline } = plotArea(options, values.length);
  const bars = values
    .map((value, index) => {
      const h = (value / max) * innerHeight;
      const title = `<title>${escapeHtml(`${options.labels[index] ?? ''}: ${formatNumber(value)}`)}</title>`;
      return `<rect class="bar" x="${round(x(index) + step * 0.1)}" y="${round(baseline - h)}" width="${round(step * 0.8)}" height="${round(h)}">${title}</rect>`;
    })
    .join('');
  return frame(options, max, bars);
}

/**
 * A line through the non-empty values (p75 of a vital per bucket), broken
 * where a bucket has no data, with dashed lines at the good/poor thresholds.
 */
export function renderLineChart(values: Array<number | null>, options: ChartOptions & { thresholds: readonly [number, number]; unit: string }): string {
  const present = values.filter((value): value is number => value !== null);
  const max = Math.max(options.thresholds[1] * 1.2, ...present);
  const { step, innerHeight, x, baseline } = plotArea(options, values.length);
  const y = (value: number) => round(baseline - (value / max) * innerHeight);
  const { width = 640 } = options;
  const guides = options.thresholds
    .map((value, index) => `<line class="${index === 0 ? 'good' : 'poor'}" x1="${PAD.left}" y1="${y(value)}" x2="${width - PAD.right}" y2="${y(value)}"/>`)
    .join('');
  const segments: string[][] = [[]];
  const dots: string[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      segments.push([]);
      return;
    }
    const point = `${round(x(index) + step / 2)},${y(value)}`;
    segments.at(-1)?.push(point);
    dots.push(
      `<circle class="dot" cx="${round(x(index) + step / 2)}" cy="${y(value)}" r="2"><title>${escapeHtml(`${options.labels[index] ?? ''}: ${formatNumber(value)}${options.unit}`)}</title></circle>`,
    );
  });
  const lines = segments
    .filter((points) => points.length > 1)
    .map((points) => `<polyline class="line" points="${points.join(' ')}"/>`)
    .join('');
  return frame(options, max, guides + lines + dots.join(''), options.unit);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function formatNumber(value: number): string {
  if (value !== 0 && Math.abs(value) < 1) return value.toFixed(3).replace(/0+$/, '');
  return Math.round(value).toLocaleString('en-US');
}
