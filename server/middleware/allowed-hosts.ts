import type { Config } from '#server/config.ts';
import type { Request, RequestHandler, Response } from 'express';

/** A host name or [IPv6] literal with an optional port; nothing that could smuggle a path or user info. */
const HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

type ParsedHost = Readonly<{ hostname: string; host: string }>;

// Needed several times per request (host check, origin, ETag, cache key); cleared when full, since clients choose what they send.
const MEMO_LIMIT = 256;
function memoized<T>(compute: (key: string) => T): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    if (memo.has(key)) return memo.get(key) as T;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    const value = compute(key);
    memo.set(key, value);
    return value;
  };
}

/** A Host / X-Forwarded-Host value in one spelling (lower case, IPv6 compressed and bracketed, no trailing dot, no default port). */
export function parseHost(value: string | undefined): ParsedHost | undefined {
  return value ? parseHostOnce(value) : undefined;
}
const parseHostOnce = memoized((value): ParsedHost | undefined => {
  const url = HOST.test(value) ? URL.parse(`http://${value}`) : null;
  if (!url) return undefined;
  // WHATWG URL folds case, compresses IPv6 and reads `0x7f.1` as 127.0.0.1.
  const hostname = url.hostname.replace(/\.$/, '');
  return Object.freeze({ hostname, host: url.port ? `${hostname}:${url.port}` : hostname });
});

/** Exact names, or `.example.com` for example.com and every subdomain (Django's ALLOWED_HOSTS rule). */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return allowedHosts.some((entry) => (entry.startsWith('.') ? bare === entry.slice(1) || bare.endsWith(entry) : bare === entry));
}

function reject(res: Response, status: 400 | 421, message: string): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('text/plain').send(`${message}\n`);
}

/**
 * Answers only for the hosts the operator named (ADR 013), so no Host or trusted X-Forwarded-Host value becomes a canonical link,
 * feed URL or page-cache entry, and a DNS rebinding page cannot read our API.
 */
export function allowedHosts(config: Pick<Config, 'allowedHosts'>, options: { exemptPaths?: readonly string[] } = {}): RequestHandler {
  // An IPv6 entry may come uncompressed.
  const entries = config.allowedHosts.map((entry) =>
    entry.includes(':') ? (parseHost(`[${entry}]`)?.hostname ?? entry).replace(/^\[|\]$/g, '') : entry.toLowerCase(),
  );
  const exempt = new Set(options.exemptPaths ?? []);
  return (req, res, next) => {
    if (exempt.has(req.path)) return next();
    const raw = req.host;
    const parsed = parseHost(raw);
    if (!raw) return reject(res, 400, 'Bad Request: the request names no host (send a Host header).');
    if (!parsed) return reject(res, 400, 'Bad Request: the Host (or trusted X-Forwarded-Host) header is not a valid host name.');
    if (isAllowedHost(parsed.hostname, entries)) return next();
    const fix = 'If this host is yours, add it to ALLOWED_HOSTS (comma-separated, a leading dot allows subdomains) or set PUBLIC_URL.';
    reject(res, 421, `Misdirected Request: this server does not answer for host ${parsed.hostname}. ${fix}`);
  };
}

/** The origin of every absolute URL: PUBLIC_URL, else the request's protocol and checked host (the page cache keys on its spelling). */
export function requestOrigin(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return originOf(publicUrl);
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return originOf(`${protocol}://${parseHost(req.host)?.host ?? 'localhost'}`);
}
const originOf = memoized((url) => new URL(url).origin);
