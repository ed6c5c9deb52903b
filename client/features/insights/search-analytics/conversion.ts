import { beaconTransport } from '../beacon/transport.ts';
import { isTrackingAllowed } from '../page.ts';
import { takeOpenedHit } from './opened.ts';

import type { SearchAnalyticsEvent } from '#shared/insights.ts';
import type { Transport } from '../beacon/transport.ts';

export function sendSearchConversion(kind: '3d' | 'ar', options: { storage?: Parameters<typeof takeOpenedHit>[1]; transport?: Transport } = {}): void {
  try {
    if (!isTrackingAllowed()) return;
    const opened = takeOpenedHit(window.location.pathname, options.storage);
    // The endpoint comes from storage: only a path on this origin.
    if (!opened || !/^\/[^/\\]/.test(opened.endpoint)) return;
    const event: SearchAnalyticsEvent = { type: 'search-conversion', queryID: opened.queryID, kind };
    (options.transport ?? beaconTransport)(opened.endpoint, JSON.stringify({ events: [event] }));
  } catch {
    // Analytics never break the viewer.
  }
}
