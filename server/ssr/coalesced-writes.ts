/** What React's pipe() uses of its destination; `flush` is compression's (React calls it after each batch), `destroy` ends a failed render. */
type Destination = NodeJS.WritableStream & { flush?: () => void; destroy?: (error?: Error) => void };

// A bound on what one batch holds before it goes out anyway; React's shell of a large page is about this size.
const MAX_PENDING_BYTES = 64 * 1024;

/**
 * A pipe target for React that sends each of its flushes as one write. React hands its destination 4 KB views and long
 * strings one by one, then calls `flush()` once the batch (the shell, a resolved boundary) is complete: each write costs a
 * chunk header, a trip through compression and a socket write (issue 16 item 5). Batches still go out as React completes them,
 * so the shell streams before slow data does; backpressure passes through (write answers false until `target` drains).
 */
export function coalesceWrites(target: Destination): NodeJS.WritableStream {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let full = false;
  // Registered before React's own drain listener, which resumes writing.
  target.on('drain', () => (full = false));
  const send = () => {
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (!target.write(chunk)) full = true;
  };
  const destination = {
    write(chunk: Uint8Array | string): boolean {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= MAX_PENDING_BYTES) send();
      return !full;
    },
    flush(): void {
      send();
      target.flush?.();
    },
    end(): void {
      send();
      target.end();
    },
    // A fatal render error: what is pending is dropped with the response.
    destroy(error?: Error): void {
      pending = [];
      target.destroy?.(error);
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      target.on(event, listener);
      return destination;
    },
  };
  return destination as unknown as NodeJS.WritableStream;
}
