import { describe, expect, it } from 'vitest';

import { loadConfig } from '#server/config.ts';
import { configIssues } from '../../../tests/support/config-issues.ts';
import { invalidationChannel } from './coherence.ts';
import { reconnectDelayMs, redactRedisUrl } from './redis.ts';

const redisIssues = (value: string) => configIssues({ NODE_ENV: 'test', REDIS_URL: value });

describe('REDIS_URL', () => {
  it.each(['http://cache:6379', 'cache:6379', 'redis://', 'redis://:s3cret@/0'])('refuses %s, naming the variable and the expected form', (value) => {
    expect(redisIssues(value)).toEqual([expect.stringMatching(/^REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL$/)]);
  });

  it('accepts redis:// and rediss:// URLs with credentials and a database, and leaves it unset by default', () => {
    expect(redisIssues('redis://127.0.0.1:6379')).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'rediss://user:s3cret@cache.internal:6380/2' }, '1').redisUrl).toBe(
      'rediss://user:s3cret@cache.internal:6380/2',
    );
    expect(loadConfig({ NODE_ENV: 'test' }, '1').redisUrl).toBeUndefined();
  });
});

describe('redactRedisUrl', () => {
  it('drops user and password, keeps host, port and database', () => {
    expect(redactRedisUrl('rediss://user:s3cret@cache.internal:6380/2')).toBe('rediss://cache.internal:6380/2');
    expect(redactRedisUrl('redis://:s3cret@127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactRedisUrl('not a url s3cret')).not.toContain('s3cret');
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 100 ms to a 5 s ceiling, jittered ±25 %', () => {
    const middle = () => 0.5;

    expect([1, 2, 3, 5, 6, 20].map((attempt) => reconnectDelayMs(attempt, middle))).toEqual([200, 400, 800, 3200, 5000, 5000]);
    expect(reconnectDelayMs(20, () => 0)).toBe(3750);
    expect(reconnectDelayMs(20, () => 0.999999)).toBe(6250);
  });
});

describe('invalidationChannel', () => {
  it('names the space and environment, so only sites on the same content share invalidations', () => {
    expect(invalidationChannel({ spaceId: 'abc123', environment: 'staging' })).toBe('vitrine:invalidate:abc123:staging');
    expect(invalidationChannel(undefined)).toBe('vitrine:invalidate:embedded');
  });
});
