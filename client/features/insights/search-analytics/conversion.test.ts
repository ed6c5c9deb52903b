import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { searchAnalyticsBatchSchema } from '#shared/insights.ts';

import { sendSearchConversion } from './conversion.ts';
import { rememberOpenedHit } from './opened.ts';

const endpoint = '/_insights/search-insights/events';
const queryID = 'ab'.repeat(16);

function storageWithHit(path = '/models/desk-lamp', to = endpoint) {
  const items = new Map<string, string>();
  const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  rememberOpenedHit({ path, queryID, endpoint: to }, storage);
  return storage;
}

describe('sendSearchConversion', () => {
  beforeEach(() => window.history.replaceState(null, '', '/models/desk-lamp'));
  afterEach(() => vi.unstubAllGlobals());

  it('reports the search a hit led here from, once, in the collector wire format', () => {
    const storage = storageWithHit();
    const transport = vi.fn();

    sendSearchConversion('ar', { storage, transport });
    sendSearchConversion('3d', { storage, transport });

    expect(transport).toHaveBeenCalledTimes(1);
    const [url, body] = transport.mock.calls[0]!;
    expect(url).toBe(endpoint);
    expect(searchAnalyticsBatchSchema.parse(JSON.parse(body as string))).toEqual({ events: [{ type: 'search-conversion', queryID, kind: 'ar' }] });
  });

  it('sends nothing on another page, without a search click, to another origin, or under Global Privacy Control', () => {
    const transport = vi.fn();
    const empty = { getItem: () => null, setItem: () => undefined };

    sendSearchConversion('3d', { storage: storageWithHit('/models/chair'), transport });
    sendSearchConversion('3d', { storage: empty, transport });
    sendSearchConversion('3d', { storage: storageWithHit('/models/desk-lamp', '//evil.example/collect'), transport });
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    sendSearchConversion('3d', { storage: storageWithHit(), transport });

    expect(transport).not.toHaveBeenCalled();
  });
});
