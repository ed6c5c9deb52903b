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

/**
 * A pipe target for React that sends each of its flushes as one write. React hands its destination 4 KB views and long
 * strings one by one, then calls `flush()` once the batch (the shell, a resolved boundary) is complete: each write costs a
 * chunk header, a trip through compression and a socket write (issue 16 item 5). Batches still go out as React completes them,
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
