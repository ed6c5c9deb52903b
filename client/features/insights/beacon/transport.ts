export type Transport = (url: string, body: string) => void;

/**
 * sendBeacon survives unload; when it refuses (queue full), keepalive fetch does too. String bodies: text/plain, no preflight.
 * A module of its own: the model viewer's search conversion sends one beacon and needs no queue.
 */
export function beaconTransport(url: string, body: string): void {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  if (typeof fetch !== 'function') return;
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
}
