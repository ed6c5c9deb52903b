import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { createTestApp } from '../tests/fakes/test-app.ts';

describe('SSR document requests', () => {
  it('streams the home page with status 200 and a nonce on every script', async () => {
    const { app } = createTestApp();

    const res = await request(app).get('/').set('Accept', 'text/html');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.text).toContain('<title>Vitrine</title>');
    expect(res.text).toContain('window.__staticRouterHydrationData');
  });
});
