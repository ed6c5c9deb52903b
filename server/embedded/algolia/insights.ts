import { z } from 'zod';

import { HttpError } from '#shared/http/http-error.ts';

/** Algolia's user token rules: 1–129 characters of letters, digits and `_ = / + - : .`. */
const userToken = z
  .string()
  .min(1)
  .max(129)
  .regex(/^[A-Za-z0-9_=/+:.-]+$/, 'may contain only letters, digits and _ = / + - : .');

const eventSchema = z
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

/** One accepted Insights event (extra fields the client may send, like `objectData`, are dropped). */
export type InsightEvent = z.infer<typeof eventSchema>;

/** Algolia takes 1000; every event here becomes a log line, and InstantSearch sends one at a time. */
const MAX_EVENTS_PER_REQUEST = 100;

/**
 * Validates a `POST /1/events` body as the Insights API does (`{ events: [...] }`, search-insights sends it that way). Throws a 400 `HttpError` naming the
 * first bad field, e.g. `events[0].positions: ...`.
 */
export function parseInsightEvents(body: unknown, isKnownIndex: (indexName: string) => boolean): InsightEvent[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0) throw new HttpError(400, 'events must be a non-empty array');
  if (events.length > MAX_EVENTS_PER_REQUEST) throw new HttpError(400, `at most ${MAX_EVENTS_PER_REQUEST} events per request`);
  return events.map((raw, i) => {
    const parsed = eventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, `events[${i}]${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}`);
    }
    if (!isKnownIndex(parsed.data.index)) throw new HttpError(400, `events[${i}].index: index ${parsed.data.index} does not exist`);
    return parsed.data;
  });
}
