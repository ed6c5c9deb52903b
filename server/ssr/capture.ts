import type { Response } from 'express';

/** The part of a Node writable React's `pipe()` uses. */
interface PipeTarget {
  write(chunk: Uint8Array | string): boolean;
  end(): void;
  flush(): void;
  on(event: string, listener: (...args: unknown[]) => void): PipeTarget;
  once(event: string, listener: (...args: unknown[]) => void): PipeTarget;
  removeListener(event: string, listener: (...args: unknown[]) => void): PipeTarget;
  emit(event: string, ...args: unknown[]): boolean;
}

/**
 * A pipe target that streams into `res` exactly as piping into it directly
 * would (writes, backpressure, compression's flush), while keeping a copy of
 * every byte; `onEnd` receives the whole document once React ends it.
 */
export function captureInto(res: Response, onEnd: (html: string) => void): PipeTarget {
  const chunks: Buffer[] = [];
  const target: PipeTarget = {
    write(chunk) {
      chunks.push(Buffer.from(chunk));
      return res.write(chunk);
    },
    end() {
      res.end();
      onEnd(Buffer.concat(chunks).toString('utf8'));
    },
    flush() {
      (res as Response & { flush?: () => void }).flush?.();
    },
    on(event, listener) {
      res.on(event, listener);
      return target;
    },
    once(event, listener) {
      res.once(event, listener);
      return target;
    },
    removeListener(event, listener) {
      res.removeListener(event, listener);
      return target;
    },
    emit: (event, ...args) => res.emit(event, ...args),
  };
  return target;
}
