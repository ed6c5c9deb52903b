import type { WindowName } from './summary.ts';

// Callers escape text they pass in.

export const WINDOW_TITLES: Record<WindowName, string> = { hour: 'Last hour', day: 'Last 24 hours', week: 'Last 7 days', month: 'Last 30 days' };

export const card = (value: string, label: string, className = '') =>
  `<div class="card"><b${className ? ` class="${className}"` : ''}>${value}</b><span>${label}</span></div>`;

/** `label` names the table for assistive technology (the heading above it is not tied to it). */
export function table(columns: string[], rows: string[], label?: string): string {
  const head = columns.map((column) => `<th scope="col">${column}</th>`).join('');
  return `<table${label ? ` aria-label="${label}"` : ''}><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fraction = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
/** `–` for a figure with nothing to compute it from. */
export const formatNumber = (value: number | null) => (value === null ? '–' : (Math.abs(value) < 1 ? fraction : integer).format(value));

export const formatPercent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);
