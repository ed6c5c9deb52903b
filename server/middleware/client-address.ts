import { isIPv6 } from 'node:net';

import type { Config } from '#server/config.ts';
import type { Request } from 'express';
import type { Logger } from 'pino';

/**
 * The client address rate limits count (issue 12, item 10): the one the trusted
 * hops vouch for. With TRUST_PROXY as a hop count or the proxies' addresses,
 * that is Express's `req.ip`. With TRUST_PROXY=true Express believes every hop
 * and `req.ip` is the left-most X-Forwarded-For entry, which the client writes
 * itself; we take the entry our nearest proxy appended instead (`req.ips` is
 * farthest to nearest). IPv6 clients count per /64, the block one subscriber gets.
 */
export function clientAddress(req: Request): string {
  const trustsEveryHop = req.app.get('trust proxy') === true;
  const address = (trustsEveryHop ? req.ips.at(-1) : undefined) ?? req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return toRateLimitKey(address);
}

/** `::ffff:192.0.2.1` → `192.0.2.1`; other IPv6 addresses → their /64 prefix (`2001:db8:0:1::/64`). */
export function toRateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Start-up warning for TRUST_PROXY=true: every client can then choose its own address and X-Forwarded-Host. */
export function warnAboutProxyTrust(config: Pick<Config, 'trustProxy'>, logger: Logger): void {
  if (config.trustProxy !== true) return;
  logger.warn(
    { trustProxy: true, fix: 'TRUST_PROXY=1 (proxies in front of this server) or their addresses/CIDRs, e.g. TRUST_PROXY=10.0.0.0/8' },
    'TRUST_PROXY=true trusts every X-Forwarded-For hop; set a hop count or the proxy subnet',
  );
}
