import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

import { errorHandler, notFound, renderErrorPage } from '#server/middleware/errors.ts';
import { HttpError } from '#shared/http/http-error.ts';

function createFailingApp(error: unknown, isDev = false) {
  const app = express();
  app.use((req, res, next) => {
    (req as { id?: string }).id = 'req-123';
    res.setHeader('X-Request-Id', 'req-123');
    next();
  });
  app.get('/fail', () => {
    throw error;
  });
  app.get('/api/fail', () => {
    throw error;
  });
  app.use(notFound());
  app.use(errorHandler({ isDev }));
  return app;
}

describe('renderErrorPage', () => {
  it('escapes the message and the request id', () => {
    const html = renderErrorPage(400, '<img src=x onerror=alert(1)>', '"><script>');

    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;img');
  });

  it('has no script at all', () => {
    expect(renderErrorPage(500, 'x', 'y')).not.toMatch(/<script/i);
  });
});

describe('errorHandler', () => {
  it('answers an unexpected error with a generic 500 page carrying the request id, never the message or stack', async () => {
    const res = await request(createFailingApp(new Error('database password is hunter2')))
      .get('/fail')
      .set('Accept', 'text/html');

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('req-123');
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('at ');
  });

  it('shows the message of an unexpected error in development', async () => {
    const res = await request(createFailingApp(new Error('dev detail'), true))
      .get('/fail')
      .set('Accept', 'text/html');

    expect(res.text).toContain('dev detail');
  });

  it('answers JSON for API paths and clients that do not accept HTML', async () => {
    const api = await request(createFailingApp(new HttpError(409, 'Conflict here'))).get('/api/fail');
    const json = await request(createFailingApp(new HttpError(409, 'Conflict here')))
      .get('/fail')
      .set('Accept', 'application/json');

    expect(api.body).toEqual({ error: { status: 409, message: 'Conflict here', requestId: 'req-123' } });
    expect(json.body).toEqual(api.body);
  });

  it('sends the headers an HttpError carries', async () => {
    const res = await request(createFailingApp(new HttpError(405, 'No', { headers: { Allow: 'GET' } }))).get('/fail');

    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });

  it('keeps the status of errors from other middleware (body parsers)', async () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });

    const res = await request(createFailingApp(tooLarge)).get('/api/fail');

    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('Request body is larger than allowed');
  });
});

describe('notFound', () => {
  it('answers 404 with the request id', async () => {
    const res = await request(createFailingApp(null)).get('/nowhere').set('Accept', 'text/html');

    expect(res.status).toBe(404);
    expect(res.text).toContain('req-123');
  });
});
