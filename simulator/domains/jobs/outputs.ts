/**
 * What a completed job produced. The real service lists one output per destination component
 * of the package; the simulator makes two, deterministic from the job id so that repeated reads
 * agree. Output ids are `job id * 100 + n`: unique, and never served on their own.
 */
export interface JobOutput {
  id: number;
  name: string;
  recordsCount: number;
  component: { name: string; type: string; fields: string[] };
}

const DESTINATIONS = [
  { name: 'warehouse_destination', type: 'database_destination', fields: ['id', 'name', 'amount', 'created_at', 'updated_at'] },
  { name: 'archive_destination', type: 'cloud_storage_destination', fields: ['id', 'payload', 'exported_at'] },
] as const;

export function jobOutputs(jobId: number, packageName: string): JobOutput[] {
  const stem = packageName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'package';
  return DESTINATIONS.map((component, index) => ({
    id: jobId * 100 + index + 1,
    name: `${stem}_output_${index + 1}`,
    // A spread of plausible row counts, fixed per job.
    recordsCount: 1_000 + ((jobId * 7_919 + index * 104_729) % 250_000),
    component: { name: component.name, type: component.type, fields: [...component.fields] },
  }));
}

/** Lines a preview shows at most (the real docs: "up to 100 lines raw preview of a job output"). */
export const PREVIEW_LINES = 100;

const WORDS = ['apple', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper'];

/**
 * `GET /jobs/{id}/outputs/{output_id}/preview`: the output's first lines, raw, one record a line
 * with its fields tab-separated (as the docs' example, "appl\t258072"); made up from the output's
 * id and its component's field names, the same at every read.
 */
export function outputPreview(output: JobOutput): string {
  const lines: string[] = [];
  for (let row = 0; row < Math.min(PREVIEW_LINES, output.recordsCount); row++) {
    const seed = output.id * 7_919 + row * 104_729;
    lines.push(output.component.fields.map((field) => fieldValue(field, row, seed)).join('\t'));
  }
  return lines.join('\n');
}

function fieldValue(field: string, row: number, seed: number): string {
  if (field === 'id') return String(row + 1);
  if (field.endsWith('_at')) return new Date(Date.UTC(2026, 0, 1) + (seed % 2_592_000) * 1000).toISOString().replace('.000Z', 'Z');
  if (field === 'amount') return ((seed % 100_000) / 100).toFixed(2);
  if (field === 'payload') return JSON.stringify({ n: seed % 1000 });
  return `${WORDS[seed % WORDS.length]}_${row + 1}`;
}
