/**
 * What the two insights scripts send: `{ events: [...] }` as a JSON string
 * (sendBeacon sends strings as text/plain). The collector validates the
 * same shape with zod in server/services/insights/event-schema.ts; keep the
 * two in step.
 */

export type ViewportClass = 'mobile' | 'tablet' | 'desktop';

export interface PageViewEvent {
  type: 'pageview';
  /** Route pattern (`/models/:slug`), or null when the page did not name one. */
  route: string | null;
  /** Pathname only: query strings and fragments can carry personal data. */
  path: string;
  locale: string | null;
  /** Host of an external referrer on the first view; null for direct visits and client navigations. */
  referrer: string | null;
  viewport: ViewportClass;
  /** `load` for a document load, `navigation` for a client-side navigation. */
  navigation: 'load' | 'navigation';
}

export type VitalName = 'CLS' | 'FCP' | 'INP' | 'LCP' | 'TTFB';

export interface VitalEvent {
  type: 'vital';
  name: VitalName;
  /** Milliseconds, except CLS (unitless). */
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  /** web-vitals' metric id, so repeated reports of one metric can be told apart. */
  id: string;
  route: string | null;
  path: string;
  viewport: ViewportClass;
  navigationType: string;
}

export interface EventBatch<T> {
  events: T[];
}
