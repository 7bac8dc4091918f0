/**
 * The one error catalog of the simulator. Model code throws `ApiError(code, detail)`; the one
 * renderer (`render.ts`) turns it into the interface's error object. Nothing else writes an
 * error body, so every error of an interface has the same shape.
 */
export type ErrorCode =
  | 'not_found'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_acceptable'
  | 'method_not_allowed'
  | 'malformed_body'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_field'
  | 'check_failed'
  | 'invalid_definition'
  | 'unprocessable'
  | 'conflict'
  | 'rate_limited'
  | 'payment_required'
  | 'server_error'
  | 'bad_gateway'
  | 'service_unavailable'
  | 'gateway_timeout';

export interface CatalogEntry {
  status: number;
  /** Text used when the thrower gives none. */
  message: string;
}

export const errorCatalog: Record<ErrorCode, CatalogEntry> = {
  // The only error text the real service publishes; B-ERR-1 requires it be the same for every 404.
  not_found: { status: 404, message: 'Item not found.' },
  bad_request: { status: 400, message: 'Bad request.' },
  unauthorized: { status: 401, message: 'Unauthorized: a valid API key is required.' },
  forbidden: { status: 403, message: 'Forbidden: this operation needs an account admin.' },
  not_acceptable: { status: 406, message: 'Not acceptable: the requested media type or version is not served.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  malformed_body: { status: 400, message: 'Malformed request body.' },
  unsupported_media_type: { status: 415, message: 'Unsupported media type.' },
  payload_too_large: { status: 413, message: 'Request body too large.' },
  invalid_field: { status: 422, message: 'Validation failed.' },
  // A connection check the source said no to (the real docs: 400 with an `error_message`).
  check_failed: { status: 400, message: 'The check failed.' },
  invalid_definition: { status: 400, message: 'The pipeline definition failed validation.' },
  unprocessable: { status: 422, message: 'The request body has unknown keys or the wrong shape.' },
  conflict: { status: 409, message: 'The operation is not allowed in the current state.' },
  rate_limited: { status: 429, message: 'Rate limit exceeded.' },
  // The answers below come only from chaos rules (chaos/rules.ts): the simulator itself never fails.
  payment_required: { status: 402, message: 'Payment required: the account is not in good standing.' },
  server_error: { status: 500, message: 'Something went wrong.' },
  bad_gateway: { status: 502, message: 'Bad gateway.' },
  service_unavailable: { status: 503, message: 'Service unavailable: try again later.' },
  gateway_timeout: { status: 504, message: 'Gateway timeout.' },
};

export interface FieldProblem {
  /** The offending field: a body key, a query parameter, or a path into a document (`source.tables[0]`). */
  field: string;
  message: string;
}

export interface ErrorDetail {
  message?: string;
  problems?: FieldProblem[];
  /** Extra headers the error needs (`Allow` on a 405). */
  headers?: Record<string, string>;
  /** Another status than the catalog's, for an answer a chaos rule asked for (418, 507, ...). */
  status?: number;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly problems: FieldProblem[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail: ErrorDetail = {}) {
    const entry = errorCatalog[code];
    // An ApiError is an answer, not a bug: nobody reads its stack, and capturing one through
    // Koa's async middleware chain is the most expensive part of throwing it.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(detail.message ?? entry.message);
    Error.stackTraceLimit = limit;
    this.name = 'ApiError';
    this.code = code;
    this.status = detail.status ?? entry.status;
    this.problems = capProblems(detail.problems ?? []);
    this.headers = detail.headers ?? {};
  }
}

export function notFound(): ApiError {
  return new ApiError('not_found');
}

/** A 422 naming one field, the usual outcome of validation on interface B. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError('invalid_field', {
    message: `Validation failed: ${field} ${message}`,
    problems: [{ field, message }],
  });
}

/**
 * A connection's test, validation or schema import that the source itself refused (a host that
 * cannot be reached, a table, column or file that does not exist), as against input that is
 * wrong (`invalidField`, which a Salesforce object or field the org lacks stays, as the spec's
 * metadata reads answer it): the real docs answer those 400 with an `error_message`
 * (sections/test-connection.md, validate-connection.md), which the renderer adds.
 */
export function checkFailed(field: string, message: string): ApiError {
  return new ApiError('check_failed', { message: `${field} ${message}`, problems: [{ field, message }] });
}

/**
 * At most this many problems are named in one answer: a 1 MiB body of bad fields must not turn
 * into a 20 MB error, and a client fixes the first ones first anyway.
 */
export const MAX_PROBLEMS = 50;

function capProblems(problems: FieldProblem[]): FieldProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), { field: 'body', message: `and ${problems.length - MAX_PROBLEMS} more problems` }];
}

export function invalidFields(problems: FieldProblem[]): ApiError {
  const first = problems[0];
  const summary = capProblems(problems).map((p) => `${p.field} ${p.message}`).join('; ');
  return new ApiError('invalid_field', {
    message: first ? `Validation failed: ${summary}` : errorCatalog.invalid_field.message,
    problems,
  });
}
