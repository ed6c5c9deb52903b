import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { clientAddress, toRateLimitKey, warnAboutProxyTrust } from '#server/middleware/rate-limit.ts';
import { createLogger } from '#server/logger.ts';
import { createLogCapture } from '../../tests/fakes/test-app.ts';

import type { LogLine } from '../../tests/fakes/test-app.ts';

async function addressSeen(trustProxy: boolean | number | string, forwardedFor?: string): Promise<string> {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/', (req, res) => void res.send(clientAddress(req)));
  const req = request(app).get('/');
  return (await (forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req)).text;
}

describe('clientAddress', () => {
  it('is the socket address without proxy trust', async () => {
    expect(await addressSeen(false, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('is the address the trusted hop vouches for, not the client-written left-most entry', async () => {
    expect(await addressSeen(1, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeen('loopback', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('takes the nearest proxy entry under TRUST_PROXY=true', async () => {
    expect(await addressSeen(true, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('toRateLimitKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:0:1:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:db8:0:1::9', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('keys %s as %s', (address, key) => {
    expect(toRateLimitKey(address)).toBe(key);
  });
});

describe('warnAboutProxyTrust', () => {
  it.each([
    [true, 1],
    [1, 0],
    ['10.0.0.0/8', 0],
    [false, 0],
  ] as const)('warns %j: %i line(s)', (trustProxy, lines) => {
    const logs: LogLine[] = [];

    warnAboutProxyTrust({ trustProxy }, createLogger({ logLevel: 'warn', isDev: false, version: 't' }, createLogCapture(logs)));

    expect(logs.filter((line) => line.level === 40)).toHaveLength(lines);
  });
});
