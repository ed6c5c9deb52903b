import { createServer } from 'node:http';
import { Writable } from 'node:stream';

import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { coalesceWrites, EncodedStrings, LONG_STRING_CHARS } from '#server/ssr/coalesced-writes.ts';

import type { AddressInfo } from 'node:net';

/** A destination that records each write it receives, as a socket would see them; `capacity` false makes it apply backpressure. */
function recorder(options: { capacity?: boolean } = {}) {
  const writes: string[] = [];
  let flushes = 0;
  const stream = new Writable({
    highWaterMark: options.capacity === false ? 1 : 1 << 20,
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      if (options.capacity !== false) done();
      else setImmediate(done);
    },
  });
  const flush = () => void flushes++;
  const ended = new Promise<void>((resolve) => stream.on('finish', resolve));
  return { writes, ended, stream: Object.assign(stream, { flush }), flushes: () => flushes };
}

/** Rows enough that React writes the shell in many views; the slow part waits for `gate`. */
function page(gate: Promise<string>) {
  const Slow = () => createElement('p', { id: 'slow' }, use(gate));
  const rows = Array.from({ length: 400 }, (_, i) => createElement('li', { key: i, className: 'row' }, `row ${i} of the shell`));
  return createElement('main', null, createElement('ul', null, rows), createElement(Suspense, { fallback: 'loading' }, createElement(Slow)));
}

describe('coalesceWrites', () => {
  it('sends the shell as one write before slow data, and the resolved boundary as one more', async () => {
    let open: (text: string) => void = () => {};
    const gate = new Promise<string>((resolve) => (open = resolve));
    const target = recorder();
    const shellReady = new Promise<void>((resolve) => {
      const stream = renderToPipeableStream(page(gate), { onShellReady: () => (stream.pipe(coalesceWrites(target.stream)), resolve()) });
    });

    await shellReady;
    expect(target.writes).toHaveLength(1);
    expect(target.writes[0]).toContain('row 399 of the shell');
    expect(target.writes[0]).not.toContain('slow-done');
    // Compression's flush still runs, so compressed shells leave as early.
    expect(target.flushes()).toBeGreaterThan(0);

    open('slow-done');
    await target.ended;
    expect(target.writes).toHaveLength(2);
    expect(target.writes[1]).toContain('slow-done');
  });

  it('answers false while the target is full, and true again once it drains', async () => {
    const target = recorder({ capacity: false });
    const destination = coalesceWrites(target.stream);
    const drained = new Promise<void>((resolve) => destination.on('drain', resolve));

    expect(destination.write('first')).toBe(true);
    (destination as unknown as { flush(): void }).flush();
    await Promise.resolve();
    expect(destination.write('second')).toBe(false);

    await drained;
    expect(destination.write('third')).toBe(true);
    destination.end();
    await target.ended;
    expect(target.writes).toEqual(['first', 'secondthird']);
  });

  it('sends a batch that outgrows its bound without waiting for the flush', () => {
    const target = recorder();
    const destination = coalesceWrites(target.stream);
    const view = new TextEncoder().encode('x'.repeat(4096));

    for (let i = 0; i < 17; i++) destination.write(view);

    expect(target.writes.map((w) => w.length)).toEqual([64 * 1024]);
  });

  it('keeps every byte in order: multi-byte text, views, and chunks larger than a batch', () => {
    const target = recorder();
    const destination = coalesceWrites(target.stream);
    const parts = [
      '<p>Größe 😀</p>',
      new TextEncoder().encode('ä'.repeat(3000)),
      'x'.repeat(70 * 1024),
      'é'.repeat(30 * 1024),
      new Uint8Array(80 * 1024).fill(98),
    ];

    for (const part of parts) destination.write(part);
    destination.end();

    const expected = parts.map((part) => (typeof part === 'string' ? part : Buffer.from(part).toString('utf8'))).join('');
    expect(target.writes.join('')).toBe(expected);
    expect(Math.max(...target.writes.map((w) => Buffer.byteLength(w)))).toBeLessThanOrEqual(80 * 1024);
  });

  it('sends a page React completes in one turn with a Content-Length in one write, and a streamed one chunked', async () => {
    let open: (text: string) => void = () => {};
    const gate = new Promise<string>((resolve) => (open = resolve));
    const server = createServer((req, res) => {
      const node = req.url === '/streamed' ? page(gate) : createElement('main', null, 'Größe, whole');
      const stream = renderToPipeableStream(node, { onShellReady: () => stream.pipe(coalesceWrites(res)) });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const whole = await fetch(`${base}/whole`);
      const body = await whole.text();
      expect(body).toContain('Größe, whole');
      expect(whole.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(whole.headers.get('transfer-encoding')).toBeNull();

      const streamed = await fetch(`${base}/streamed`);
      open('slow-done');
      expect(await streamed.text()).toContain('slow-done');
      expect(streamed.headers.get('content-length')).toBeNull();
      expect(streamed.headers.get('transfer-encoding')).toBe('chunked');
    } finally {
      server.close();
    }
  });

  it('writes a long string that comes back from its stored UTF-8, with the same bytes', () => {
    const sheet = `.a::after{content:"›"}${'é'.repeat(LONG_STRING_CHARS)}`;
    const target = recorder();
    const destination = coalesceWrites(target.stream);
    for (let i = 0; i < 3; i++) destination.write(sheet);
    destination.write('<p>short</p>');
    destination.end();

    expect(target.writes.join('')).toBe(`${sheet.repeat(3)}<p>short</p>`);
  });
});

describe('EncodedStrings', () => {
  it('encodes a string on its second sighting and hands back the same bytes after that', () => {
    const strings = new EncodedStrings();
    const text = `Größe › ${'x'.repeat(2000)}`;

    expect(strings.get(text)).toBeUndefined();
    const second = strings.get(text);
    expect(Buffer.from(second!).toString('utf8')).toBe(text);
    expect(strings.get(`${text}`)).toBe(second);
  });

  it('never holds more than its bound, however many different strings pass', () => {
    const max = 64 * 1024;
    const strings = new EncodedStrings(max);
    let peak = 0;
    for (let i = 0; i < 500; i++) {
      const text = `${i} ${'ä'.repeat(1500 + (i % 7) * 100)}`;
      strings.get(text);
      strings.get(text);
      peak = Math.max(peak, strings.size);
    }

    expect(peak).toBeLessThanOrEqual(max);
    expect(peak).toBeGreaterThan(max / 2);
    // One that would take a quarter of the bound and more is never kept, and does not drop the others.
    const before = strings.size;
    const tooLong = 'y'.repeat(max / 4);
    expect([strings.get(tooLong), strings.get(tooLong)]).toEqual([undefined, undefined]);
    expect(strings.size).toBe(before);
  });
});
