import type { Sim } from '../../context.ts';
import { ApiError, type FieldProblem } from '../../http/errors.ts';
import { checkDefinition, unknownKeys } from './definition-schema.ts';
import { restoreSecrets } from './definition.ts';
import { summary, wrongShape } from '../../http/a-errors.ts';
import type { PipelineDefinition } from './types.ts';

/**
 * Turns a request's document into a definition the simulator stores, or refuses it: the wrong
 * shape is 422 (A-ERR-3), a broken rule 400 naming the field (A-ERR-2). `stored` is the current
 * definition on an update, whose secrets a redaction marker keeps.
 */
export function acceptDefinition(sim: Sim, document: unknown, stored?: PipelineDefinition): PipelineDefinition {
  if (document === undefined) throw wrongShape([{ field: 'body', message: 'is required: a definition document (JSON or YAML)' }]);
  if (sim.faults.has('a-unknown-keys-ignored')) dropUnknownKeys(document);
  const verdict = checkDefinition(document);
  if (verdict.kind === 'wrong_shape') throw wrongShape(verdict.problems);
  if (verdict.kind === 'invalid') throw invalidDefinition(sim, verdict.problems);
  const restored = restoreSecrets(document, stored);
  if (restored.problems.length) throw invalidDefinition(sim, restored.problems);
  return restored.value as PipelineDefinition;
}

function invalidDefinition(sim: Sim, problems: FieldProblem[]): ApiError {
  if (sim.faults.has('a-invalid-definition-no-field')) return new ApiError('invalid_definition');
  return new ApiError('invalid_definition', { message: `The pipeline definition failed validation: ${summary(problems)}`, problems });
}

/** The fault's silent leniency: unknown keys vanish instead of being refused. */
function dropUnknownKeys(document: unknown): void {
  // Each round removes one level of unknown keys; the schema is only a few levels deep.
  for (let round = 0; round < 8; round++) {
    const unknown = unknownKeys(document);
    if (!unknown.length) return;
    for (const { parent, key } of unknown) {
      let node: unknown = document;
      for (const segment of parent) node = (node as Record<string | number, unknown>)[segment];
      if (typeof node === 'object' && node !== null) delete (node as Record<string, unknown>)[key];
    }
  }
}
