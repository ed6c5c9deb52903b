/**
 * What React's pipe() uses of its destination; `flush` is compression's (React calls it after each batch), `destroy` ends a failed
 * render; an HTTP response's `setHeader`/`headersSent` let a page that completes in one batch go out with a Content-Length.
 */
type Destination = NodeJS.WritableStream & {
  flush?: () => void;
  destroy?: (error?: Error) => void;
  setHeader?: (name: string, value: number) => unknown;
  headersSent?: boolean;
};

// A bound on what one batch holds before it goes out anyway; React's shell of a large page is about this size.
const MAX_PENDING_BYTES = 64 * 1024;

/** React hands its destination any string longer than 1,365 UTF-16 units whole, without encoding it. */
export const LONG_STRING_CHARS = 1366;
/** What the encoded long strings may hold, strings and their encodings together, before they are all dropped. */
export const ENCODED_STRINGS_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The UTF-8 of long strings that come back: the inline stylesheet, a rich-text field's rendered HTML and a page's hydration
 * JSON are the very same strings for every request until the content changes. Encoding them cost 3 % of a rendered article's
 * CPU (28 KB of two-byte strings, ≈ 40 µs on the bench machine); copying stored bytes costs under 1 µs. A string is encoded
 * and kept the second time it is seen, so text that is new on every request is never stored, only remembered as seen. Strings
 * and encodings are counted at two bytes a unit plus their bytes, and all are dropped at ENCODED_STRINGS_MAX_BYTES, so pages
 * that differ per request (another Host, a preview) cost memory up to that bound, then the encoding they cost before.
 */
export class EncodedStrings {
  private readonly known = new Map<string, Uint8Array | null>();
  private readonly encoder = new TextEncoder();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = ENCODED_STRINGS_MAX_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** The stored encoding of `text`, made now if this is its second sighting; undefined the first time. */
  get(text: string): Uint8Array | undefined {
    // Two bytes a unit for the string, at most three for its UTF-8: one that could outgrow the bound alone is never kept.
    if (text.length * 5 > this.maxBytes) return undefined;
    const known = this.known.get(text);
    if (known) return known;
    // Its own memory, not a slice of Buffer's shared pool that would keep the pool's other bytes alive.
    const encoded = known === null ? this.encoder.encode(text) : null;
    // A string seen before is counted already, unless the bound drops it first.
    let cost = encoded ? encoded.byteLength : text.length * 2;
    if (this.bytes + cost > this.maxBytes) {
      this.clear();
      cost = text.length * 2 + (encoded?.byteLength ?? 0);
    }
    this.known.set(text, encoded);
    this.bytes += cost;
    return encoded ?? undefined;
  }

  /** Bytes counted against the bound. */
  get size(): number {
    return this.bytes;
  }

  clear(): void {
    this.known.clear();
    this.bytes = 0;
  }
}

const encodedStrings = new EncodedStrings();

/**
 * A pipe target for React that sends each of its flushes as one write. React hands its destination 4 KB views and long
 * strings one by one, then calls `flush()` once the batch (the shell, a resolved boundary) is complete: each write costs a
 * chunk header, a trip through compression and a socket write (ADR 056). Batches still go out as React completes them,
 * so the shell streams before slow data does; backpressure passes through (write answers false until `target` drains).
 * A batch is one buffer that strings are encoded into and views copied into: no buffer per string, no concatenation.
 * A flush goes out a microtask later: React ends a page it completed in that same turn, which then leaves whole, with a
 * Content-Length, in one socket write instead of a chunked body and its terminating chunk (ADR 056).
 */
export function coalesceWrites(target: Destination): NodeJS.WritableStream {
  let batch: Buffer | undefined;
  let used = 0;
  let full = false;
  let sent = false;
  let flushing = false;
  // Registered before React's own drain listener, which resumes writing.
  target.on('drain', () => (full = false));
  const send = (chunk: Uint8Array) => {
    sent = true;
    if (!target.write(chunk)) full = true;
  };
  const sendBatch = () => {
    if (!batch || used === 0) return;
    send(batch.subarray(0, used));
    batch = undefined;
    used = 0;
  };
  // Room for `bytes` more in the batch, sending it first if they do not fit; false when they would not fit an empty one either.
  const makeRoom = (bytes: number) => {
    if (used + bytes > MAX_PENDING_BYTES) sendBatch();
    if (bytes > MAX_PENDING_BYTES) return false;
    batch ??= Buffer.allocUnsafe(MAX_PENDING_BYTES);
    return true;
  };
  const destination = {
    write(chunk: Uint8Array | string): boolean {
      if (typeof chunk === 'string' && chunk.length >= LONG_STRING_CHARS) chunk = encodedStrings.get(chunk) ?? chunk;
      if (typeof chunk === 'string') {
        // UTF-8 takes at most three bytes per UTF-16 unit; counted exactly only when that bound does not fit.
        const bytes = used + chunk.length * 3 <= MAX_PENDING_BYTES ? chunk.length * 3 : Buffer.byteLength(chunk);
        if (makeRoom(bytes)) used += batch!.write(chunk, used);
        else send(Buffer.from(chunk));
      } else if (makeRoom(chunk.byteLength)) {
        batch!.set(chunk, used);
        used += chunk.byteLength;
      } else send(chunk);
      if (used >= MAX_PENDING_BYTES) sendBatch();
      return !full;
    },
    flush(): void {
      if (flushing) return;
      flushing = true;
      queueMicrotask(() => {
        if (!flushing) return;
        flushing = false;
        sendBatch();
        target.flush?.();
      });
    },
    end(): void {
      flushing = false;
      if (!sent && target.setHeader && target.headersSent === false) target.setHeader('Content-Length', used);
      sendBatch();
      target.end();
    },
    // A fatal render error: what is pending is dropped with the response.
    destroy(error?: Error): void {
      flushing = false;
      batch = undefined;
      used = 0;
      target.destroy?.(error);
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      target.on(event, listener);
      return destination;
    },
  };
  return destination as unknown as NodeJS.WritableStream;
}
