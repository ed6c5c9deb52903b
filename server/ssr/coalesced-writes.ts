/** What React's pipe() uses of its destination; `setHeader`/`headersSent` let a one-batch page go out with a Content-Length. */
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

/**
 * The inline stylesheet, rendered rich text and hydration JSON are the same long strings for every request until the content
 * changes; encoding them cost 3 % of a rendered article's CPU. A string is encoded and kept the second time it is seen, so text
 * new on every request is only remembered as seen. Strings (two bytes a unit) and encodings are all dropped at `maxBytes`.
 */
export class EncodedStrings {
  private readonly known = new Map<string, Uint8Array | null>();
  private readonly encoder = new TextEncoder();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(maxBytes = 4 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

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
 * Sends each of React's flushes as one write: React writes 4 KB views and long strings one by one, and each write cost a chunk
 * header, a trip through compression and a socket write (ADR 056). A flush goes out a microtask later: a page React ends in the
 * same turn leaves whole, with a Content-Length, in one socket write.
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
  // False when `bytes` would not fit an empty batch either.
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
