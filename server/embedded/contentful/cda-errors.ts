/** Thrown inside the engine; engine.ts turns it into the CDA's error body and adds the request id. */
export class CdaError extends Error {
  readonly status: number;
  readonly errorId: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, errorId: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'CdaError';
    this.status = status;
    this.errorId = errorId;
    this.details = details;
  }

  toBody(requestId: string): Record<string, unknown> {
    return { sys: { type: 'Error', id: this.errorId }, message: this.message, ...(this.details === undefined ? {} : { details: this.details }), requestId };
  }
}

const INVALID_QUERY_MESSAGE = 'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.';

export function invalidQuery(...errors: { name: string; path?: string[]; value?: unknown; details?: string }[]): CdaError {
  return new CdaError(400, 'InvalidQuery', INVALID_QUERY_MESSAGE, { errors });
}

export function invalidPath(path: string, details: string, name = 'unknown'): CdaError {
  return invalidQuery({ name, path: path.split('.'), details });
}

export function badRequest(message: string): CdaError {
  return new CdaError(400, 'BadRequest', message);
}

/** CDA surface the engine leaves out (README.md lists it). */
export function unsupported(what: string): CdaError {
  return badRequest(`${what} is not supported by the embedded engine; see server/embedded/contentful/README.md`);
}

export function notFound(type: string, id: string, where?: { space: string; environment?: string }): CdaError {
  return new CdaError(404, 'NotFound', 'The resource could not be found.', { type, id, ...where });
}
