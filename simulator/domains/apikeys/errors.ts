import { ApiError } from '../../http/errors.ts';

/** The one not-found answer for API keys, identical for absent, malformed and foreign ids. */
export function apiKeyNotFound(): ApiError {
  return new ApiError('not_found', { message: 'API key not found.' });
}
