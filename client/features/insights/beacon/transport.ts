export type Transport = (url: string, body: string) => void;

/** sendBeacon, or keepalive fetch when it refuses (queue full). String bodies: text/plain, no preflight. */
export function beaconTransport(url: string, body: string): void {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  if (typeof fetch !== 'function') return;
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
}
