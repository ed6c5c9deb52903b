// Fixed by the product spec; change them only with the spec.

export const SEARCH_HITS_PER_PAGE = 5;
export const SEARCH_MAX_QUERY_LENGTH = 512;
/** A search counts as stalled after this long. */
export const SEARCH_STALLED_DELAY_MS = 300;
export const INSIGHTS_VIEW_BATCH_SIZE = 20;

/** Image widths mirror next/image defaults. */
export const IMAGE_DEVICE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_QUALITY = 75;

/** Loading a route's data on the client gives up after this long and falls back to a document load. */
export const ROUTE_DATA_TIMEOUT_MS = 3800;
/** Links prefetch when they come this close to the viewport. */
export const PREFETCH_VIEWPORT_MARGIN_PX = 200;

export const ROUTE_DATA_PREFIX = '/_data';
export const ROUTE_DATA_ROUTES_PARAM = '_routes';
/** How long a prefetched result may be reused by the navigation that follows. */
export const PREFETCH_CACHE_MS = 30_000;

export const CONTENTFUL_WEBHOOK_PATH = '/api/webhooks/contentful';
