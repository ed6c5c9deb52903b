/** Why a signed request is refused before its signature is even checked. */
export type StampVerdict = { ok: true } | { ok: false; reason: 'expired' | 'future' | 'malformed' };

/**
 * Checks `x-contentful-timestamp` (milliseconds since the epoch) against the
 * window: older than `ttlMs` is expired; more than `maxFutureSkewMs` ahead
 * is refused too, since the toolkit only looks at age and would otherwise
 * accept a stamp from tomorrow (issue 12, finding 8).
 */
export function checkTimestamp(raw: string, now: number, window: { ttlMs: number; maxFutureSkewMs: number }): StampVerdict {
  // The toolkit parses with parseInt; insist on plain digits so both read the same number.
  if (!/^\d{13}$/.test(raw.trim())) return { ok: false, reason: 'malformed' };
  const stamp = Number(raw.trim());
  if (stamp - now > window.maxFutureSkewMs) return { ok: false, reason: 'future' };
  if (now - stamp >= window.ttlMs) return { ok: false, reason: 'expired' };
  return { ok: true };
}

export interface ReplayGuard {
  /**
   * Records a verified signature until `expiresAt` (ms). `replay` when it was
   * seen before and has not expired; `full` when `maxEntries` unexpired
   * signatures are held already (the caller refuses rather than forgets one).
   */
  claim(signature: string, expiresAt: number, now?: number): 'fresh' | 'replay' | 'full';
  readonly size: number;
}

/**
 * Signatures seen within their validity window, in bounded memory: a Map
 * whose entries are swept once they expire (a replay after that is refused
 * as expired by the timestamp check anyway). Per process: instances behind
 * a load balancer each remember their own (docs/decisions/011-…).
 */
export function createReplayGuard(options: { maxEntries: number }): ReplayGuard {
  const seen = new Map<string, number>();

  const sweep = (now: number) => {
    for (const [signature, expiresAt] of seen) if (expiresAt <= now) seen.delete(signature);
  };

  return {
    claim(signature, expiresAt, now = Date.now()) {
      const known = seen.get(signature);
      if (known !== undefined && known > now) return 'replay';
      if (seen.size >= options.maxEntries) sweep(now);
      if (seen.size >= options.maxEntries) return 'full';
      seen.set(signature, expiresAt);
      return 'fresh';
    },
    get size() {
      return seen.size;
    },
  };
}
