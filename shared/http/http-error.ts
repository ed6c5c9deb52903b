/**
 * An error with an HTTP status that server code throws for expected
 * failures (bad input, missing content). The error middleware answers with
 * `status` and `message`; any other error becomes a generic 500.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly expose: boolean;

  constructor(status: number, message: string, options: { cause?: unknown; headers?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.headers = options.headers ?? {};
    this.expose = status < 500;
  }
}

/** Narrows `unknown` to a message for logs and error pages. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Reason phrases for the statuses Vitrine answers with. */
export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
