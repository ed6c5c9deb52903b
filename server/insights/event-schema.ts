import { z } from 'zod';

import { VITAL_MAX, VITAL_NAMES } from './vitals.ts';

/**
 * The collector's contract with client/insights (whose `wire.ts` declares
 * the same shapes): batches of at most `MAX_EVENTS_PER_BATCH` events, short
 * strings, known vital names, plausible numbers. Unknown keys are dropped,
 * so nothing the schema does not name is ever logged or kept.
 */
export const MAX_EVENTS_PER_BATCH = 25;

/** `/models/:slug`, `/de/*`: a path-like pattern, no query or fragment. */
const route = z
  .string()
  .max(200)
  .regex(/^\/[^\s?#]*$/, 'must be a route pattern starting with /')
  .nullable();
const path = z
  .string()
  .max(512)
  .regex(/^\/[^\s?#]*$/, 'must be a pathname without query or fragment');
const viewport = z.enum(['mobile', 'tablet', 'desktop']);

export const pageViewEventSchema = z.object({
  type: z.literal('pageview'),
  route,
  path,
  locale: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag')
    .nullable(),
  referrer: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'must be a host name')
    .nullable(),
  viewport,
  navigation: z.enum(['load', 'navigation']),
});

export const vitalEventSchema = z
  .object({
    type: z.literal('vital'),
    name: z.enum(VITAL_NAMES),
    value: z.number().min(0),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
    id: z
      .string()
      .max(64)
      .regex(/^[\w.-]+$/, 'must be a web-vitals metric id'),
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
