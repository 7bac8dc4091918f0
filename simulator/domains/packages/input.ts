import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { FLOW_TYPES, type FlowType } from './types.ts';

/** A `POST /packages` or `PUT /packages/{id}` body after type checks; which ids exist is the model's business. */
export interface PackageFields {
  name?: string;
  description?: string;
  variables?: Record<string, string>;
  flowType?: FlowType;
  flowVersion?: string;
  dataFlowJson?: string;
  /** Creating only: the package to copy, and the template to start from. */
  sourcePackageId?: number;
  templateId?: number;
}

const MAX_FLOW_BYTES = 512 * 1024;

/**
 * The real docs' fields (sections/create-package.md, update-package.md), flat or wrapped in
 * `package`. `data_flow_json` is JSON text or a JSON object (kept as text); `flow_version` a
 * version such as 2.0.0; an id may be a string of digits. Creating also takes `flow_type`,
 * `source_package_id` and `package_template_id`. Every bad field is named at once; unknown fields
 * are ignored, as the real service does.
 */
export function parsePackageFields(raw: Record<string, unknown>, creating: boolean): PackageFields {
  const body = raw.package !== null && typeof raw.package === 'object' && !Array.isArray(raw.package) ? (raw.package as Record<string, unknown>) : raw;
  const problems: FieldProblem[] = [];
  const out: PackageFields = {};
  if (body.name !== undefined) {
    if (typeof body.name === 'string' && body.name.trim() !== '' && body.name.length <= 255) out.name = body.name;
    else problems.push({ field: 'name', message: 'must be a non-blank string of at most 255 characters' });
  }
  if (body.description !== undefined && body.description !== null) {
    if (typeof body.description === 'string' && body.description.length <= 1000) out.description = body.description;
    else problems.push({ field: 'description', message: 'must be a string of at most 1000 characters' });
  }
  if (body.variables !== undefined) {
    const v = body.variables;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')) out.variables = { ...(v as Record<string, string>) };
    else problems.push({ field: 'variables', message: 'must be an object of variable name to string value' });
  }
  if (body.flow_version !== undefined) {
    if (typeof body.flow_version === 'string' && /^\d{1,4}(\.\d{1,4}){0,2}$/.test(body.flow_version)) out.flowVersion = body.flow_version;
    else problems.push({ field: 'flow_version', message: 'must be a version such as 2.0.0' });
  }
  if (body.data_flow_json !== undefined) {
    const flow = dataFlowText(body.data_flow_json);
    if (flow !== null) out.dataFlowJson = flow;
    else problems.push({ field: 'data_flow_json', message: `must be a JSON object, or JSON text of one, of at most ${MAX_FLOW_BYTES} bytes` });
  }
  if (creating) {
    if (body.flow_type !== undefined) {
      if ((FLOW_TYPES as readonly unknown[]).includes(body.flow_type)) out.flowType = body.flow_type as FlowType;
      else problems.push({ field: 'flow_type', message: `must be one of ${FLOW_TYPES.join(', ')}` });
    }
    const source = idField(body, 'source_package_id', problems);
    if (source !== undefined) out.sourcePackageId = source;
    const template = idField(body, 'package_template_id', problems);
    if (template !== undefined) out.templateId = template;
  }
  if (problems.length > 0) throw invalidFields(problems);
  return out;
}

function dataFlowText(value: unknown): string | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (Buffer.byteLength(value) > MAX_FLOW_BYTES) return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(parsed);
  return Buffer.byteLength(text) <= MAX_FLOW_BYTES ? text : null;
}

function idField(body: Record<string, unknown>, field: string, problems: FieldProblem[]): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  const id = typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  problems.push({ field, message: 'must be a positive integer id' });
  return undefined;
}
