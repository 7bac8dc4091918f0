import { ApiError } from '../../http/errors.ts';

/** The one not-found answer for pipelines: identical for absent and foreign ids (A-ENUM-1). */
export function pipelineNotFound(): ApiError {
  return new ApiError('not_found', { message: 'Pipeline not found.' });
}
