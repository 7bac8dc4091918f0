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
