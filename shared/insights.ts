import { z } from 'zod';

import { normalizeSearchQuery } from './search.ts';

// The browser imports only types from here, so zod never ships to it. Unknown keys are dropped: nothing unnamed is logged or kept.
const MAX_EVENTS_PER_BATCH = 25;

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Beyond these (ms, CLS unitless) a report is a broken or hostile client, not a slow page. */
const VITAL_MAX: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, FCP: 120_000, TTFB: 120_000 };

const text = (max: number, pattern: RegExp, message: string) => z.string().max(max).regex(pattern, message);
// No query or fragment: they can carry personal data.
const route = text(200, /^\/[^\s?#]*$/, 'must be a route pattern starting with /').nullable();
const path = text(512, /^\/[^\s?#]*$/, 'must be a pathname without query or fragment');
const viewport = z.enum(['mobile', 'tablet', 'desktop']);
const locale = text(35, /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag');
const queryID = text(32, /^[0-9a-f]{32}$/i, 'must be the 32 hex characters of a search response').transform((id) => id.toLowerCase());

const pageViewEventSchema = z.object({
  type: z.literal('pageview'),
  route,
  path,
  locale: locale.nullable(),
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
    id: text(64, /^[\w.-]+$/, 'must be a web-vitals metric id'),
    route,
    path,
    viewport,
    navigationType: z.enum(['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'soft-navigation']),
  })
  .refine((event) => event.value <= VITAL_MAX[event.name], { message: 'value is out of range for this vital', path: ['value'] });

const searchEventSchema = z.object({
  type: z.literal('search'),
  locale,
  /** Normalised again here: the browser's normalisation is a courtesy, never trusted. */
  query: z
    .string()
    .max(512)
    .transform(normalizeSearchQuery)
    .refine((query) => query !== '', 'must not be empty'),
  hits: z.int().min(0).max(1_000_000_000),
  queryID,
});

/** `position` is 1-based, at most Algolia's 1,000-hit pagination limit. */
const searchClickEventSchema = z.object({ type: z.literal('search-click'), queryID, position: z.int().min(1).max(1000) });

const searchConversionEventSchema = z.object({ type: z.literal('search-conversion'), queryID, kind: z.enum(['3d', 'ar']) });

const searchAnalyticsEventSchema = z.discriminatedUnion('type', [searchEventSchema, searchClickEventSchema, searchConversionEventSchema]);

const batch = <T extends z.ZodType>(event: T) => z.object({ events: z.array(event).min(1).max(MAX_EVENTS_PER_BATCH) });

export const pageViewBatchSchema = batch(pageViewEventSchema);
export const vitalBatchSchema = batch(vitalEventSchema);
export const searchAnalyticsBatchSchema = batch(searchAnalyticsEventSchema);

export type PageViewEvent = z.infer<typeof pageViewEventSchema>;
export type VitalEvent = z.infer<typeof vitalEventSchema>;
export type ViewportClass = z.infer<typeof viewport>;
export type SearchAnalyticsEvent = z.input<typeof searchAnalyticsEventSchema>;
export type ParsedSearchAnalyticsEvent = z.output<typeof searchAnalyticsEventSchema>;

const userToken = z
  .string()
  .min(1)
  .max(129)
  .regex(/^[A-Za-z0-9_=/+:.-]+$/, 'may contain only letters, digits and _ = / + - : .');

/** An Algolia Insights API event, as that API validates it; extra fields, like `objectData`, are dropped. */
export const insightEventSchema = z
  .object({
    eventType: z.enum(['view', 'click', 'conversion']),
    eventSubtype: z.enum(['addToCart', 'purchase']).optional(),
    eventName: z.string().min(1).max(64),
    index: z.string().min(1),
    userToken,
    authenticatedUserToken: userToken.optional(),
    queryID: z
      .string()
      .regex(/^[0-9a-f]{32}$/i, 'must be the 32 hex characters of a search response')
      .optional(),
    objectIDs: z.array(z.string().min(1)).min(1).max(20).optional(),
    positions: z.array(z.int().min(1)).min(1).max(20).optional(),
    filters: z.array(z.string().min(1)).min(1).max(10).optional(),
    timestamp: z.int().positive().optional(),
  })
  .check((ctx) => {
    const event = ctx.value;
    const issue = (message: string, path: string) => ctx.issues.push({ code: 'custom', message, path: [path], input: event });
    if (Boolean(event.objectIDs) === Boolean(event.filters)) issue('an event needs either objectIDs or filters', 'objectIDs');
    if (event.eventSubtype && event.eventType !== 'conversion') issue('only conversion events have a subtype', 'eventSubtype');
    if (event.positions && (event.eventType !== 'click' || !event.objectIDs)) issue('only click events on objectIDs have positions', 'positions');
    if (event.eventType === 'click' && event.queryID && !event.positions) issue('click events after a search need positions', 'positions');
    if (event.positions && event.objectIDs && event.positions.length !== event.objectIDs.length) {
      issue('must have one position per objectID', 'positions');
    }
  });

export type InsightEvent = z.infer<typeof insightEventSchema>;
