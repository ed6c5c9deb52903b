import { z } from 'zod';

/**
 * The insights wire format, defined once: the collector validates batches with these schemas, the browser
 * scripts take their types from them (`import type` only, so zod never ships to the browser). Unknown keys
 * are dropped, so nothing the schema does not name is ever logged or kept.
 */
const MAX_EVENTS_PER_BATCH = 25;

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Largest value accepted per vital (ms, CLS unitless): beyond these a report is a broken or hostile client, not a slow page. */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, FCP: 120_000, TTFB: 120_000 };

const text = (max: number, pattern: RegExp, message: string) => z.string().max(max).regex(pattern, message);
/** `/models/:slug`, `/de/*`: path-like, no query or fragment (they can carry personal data). */
const route = text(200, /^\/[^\s?#]*$/, 'must be a route pattern starting with /').nullable();
const path = text(512, /^\/[^\s?#]*$/, 'must be a pathname without query or fragment');
const viewport = z.enum(['mobile', 'tablet', 'desktop']);

const pageViewEventSchema = z.object({
  type: z.literal('pageview'),
  route,
  path,
  locale: text(35, /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag').nullable(),
  /** Host of an external referrer, on the first view only. */
  referrer: text(253, /^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'must be a host name').nullable(),
  viewport,
  navigation: z.enum(['load', 'navigation']),
});

const vitalEventSchema = z
  .object({
    type: z.literal('vital'),
    name: z.enum(VITAL_NAMES),
    value: z.number().min(0),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
    /** web-vitals' metric id, so repeated reports of one metric can be told apart. */
    id: text(64, /^[\w.-]+$/, 'must be a web-vitals metric id'),
    route,
    path,
    viewport,
    navigationType: z.enum(['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'soft-navigation']),
  })
  .refine((event) => event.value <= VITAL_MAX[event.name], { message: 'value is out of range for this vital', path: ['value'] });

const batch = <T extends z.ZodType>(event: T) => z.object({ events: z.array(event).min(1).max(MAX_EVENTS_PER_BATCH) });

export const pageViewBatchSchema = batch(pageViewEventSchema);
export const vitalBatchSchema = batch(vitalEventSchema);

export type PageViewEvent = z.infer<typeof pageViewEventSchema>;
export type VitalEvent = z.infer<typeof vitalEventSchema>;
export type ViewportClass = z.infer<typeof viewport>;
