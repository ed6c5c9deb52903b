import { createRollingWindow } from './rolling-window.ts';

import type { PageViewEvent, VitalEvent } from './event-schema.ts';
import type { RollingWindowOptions, WindowSummary } from './rolling-window.ts';

/** Route key for events whose page named no route pattern. */
export const UNKNOWN_ROUTE = 'unknown';

/** The two windows operators see: the last hour by minute, the last day by hour. */
export const WINDOWS = {
  hour: { bucketMs: 60_000, buckets: 60 },
  day: { bucketMs: 3_600_000, buckets: 24 },
} as const satisfies Record<string, Omit<RollingWindowOptions, 'maxRoutes'>>;

export type WindowName = keyof typeof WINDOWS;

export interface InsightsSummary {
  generatedAt: string;
  windows: Record<WindowName, WindowSummary>;
}

export interface InsightsAggregator {
  recordPageView(event: PageViewEvent, at?: number): void;
  recordVital(event: VitalEvent, at?: number): void;
  summarize(now?: number): InsightsSummary;
}

export interface AggregatorOptions {
  /** Distinct route patterns kept per bucket and per summary; the rest count as `other`. Default 40. */
  maxRoutes?: number;
  now?: () => number;
}

/**
 * In-memory rolling aggregate for operators: page views and p75 of each vital
 * per route over the last hour and day. Per process and lost on restart; the
 * structured log lines are the durable record (docs/decisions/006-insights.md).
 * Worst-case memory: (60 + 24) buckets × 41 routes × 5 vitals × 640 bytes ≈ 11 MB.
 */
export function createInsightsAggregator(options: AggregatorOptions = {}): InsightsAggregator {
  const { maxRoutes = 40, now = Date.now } = options;
  const windows = Object.entries(WINDOWS).map(([name, shape]) => [name as WindowName, createRollingWindow({ ...shape, maxRoutes })] as const);
  return {
    recordPageView(event, at = now()) {
      for (const [, window] of windows) window.recordView(event.route ?? UNKNOWN_ROUTE, at);
    },
    recordVital(event, at = now()) {
      for (const [, window] of windows) window.recordVital(event.route ?? UNKNOWN_ROUTE, event.name, event.value, at);
    },
    summarize(at = now()) {
      return {
        generatedAt: new Date(at).toISOString(),
        windows: Object.fromEntries(windows.map(([name, window]) => [name, window.summarize(at)])) as Record<WindowName, WindowSummary>,
      };
    },
  };
}
