import { isIP } from 'node:net';

import { z } from 'zod';

/** What Express's `trust proxy` accepts in a list; anything else would throw inside createApp instead of here. */
export function isProxyAddress(token: string): boolean {
  const value = token.trim();
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Always allowed, so `npm start` works at http://localhost:3000 with nothing configured (a leading dot allows subdomains). */
export const LOOPBACK_HOSTS = ['localhost', '.localhost', '127.0.0.1', '::1'];

export function toAllowedHosts(list: string | undefined, publicUrl: string | undefined): string[] {
  const hosts = new Set(LOOPBACK_HOSTS);
  if (publicUrl && URL.canParse(publicUrl)) hosts.add(new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase());
  for (const host of list?.split(',') ?? []) if (host.trim()) hosts.add(host.trim().toLowerCase());
  return [...hosts];
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

export const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

export const origins = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .refine((list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o), 'must be origins (https://host[:port]), space-separated');

export const bool = (fallback: boolean) =>
  z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'], case: 'sensitive', error: 'must be true or false' }).default(fallback);
