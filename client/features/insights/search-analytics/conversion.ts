import { beaconTransport } from '../beacon/transport.ts';
import { isTrackingAllowed } from '../page.ts';
import { takeOpenedHit } from './opened.ts';

import type { SearchAnalyticsEvent } from '#shared/insights.ts';
import type { Transport } from '../beacon/transport.ts';

/**
 * The visitor opened the model on this page in 3D ("View in 3D") or AR: if a search hit led here in this tab session, that
 * search converted (once). The model viewer calls this from its buttons; it sends one beacon and never throws.
 */
export function sendSearchConversion(kind: '3d' | 'ar', options: { storage?: Parameters<typeof takeOpenedHit>[1]; transport?: Transport } = {}): void {
  try {
    if (!isTrackingAllowed()) return;
    const opened = takeOpenedHit(window.location.pathname, options.storage);
    // Only our own collector, on this origin: the endpoint comes from storage.
    if (!opened || !/^\/[^/\\]/.test(opened.endpoint)) return;
    const event: SearchAnalyticsEvent = { type: 'search-conversion', queryID: opened.queryID, kind };
    (options.transport ?? beaconTransport)(opened.endpoint, JSON.stringify({ events: [event] }));
  } catch {
    // Analytics never break the viewer.
  }
}
