import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sim } from '../context.ts';
import { VENDOR_MEDIA_TYPE } from '../http/accept.ts';
import { SIMULATOR_VERSION } from '../version.ts';
import { operations, type OperationDoc, type SchemaRef } from './operations.ts';

/**
 * The simulator's OpenAPI 3.1 document: both interfaces and the control API, with the resource
 * schemas of fixtures/schemas (written from the spec; `simulator/` ones for shapes the spec
 * leaves open), security schemes, request examples, and `x-disco-source` on every operation
 * (spec, convention, extension, control). Built from the running conventions.
 */

const SCHEMA_DIR = fileURLToPath(new URL('../../fixtures/schemas/', import.meta.url));

/** Component name of a schema file: `job`, `simulator.cluster`. */
export function componentName(file: string): string {
  return file.replace('/', '.');
}

let components: Record<string, unknown> | undefined;

/** Every schema file as a component; `#/definitions/x` refs inside point into the component. */
function schemaComponents(): Record<string, unknown> {
  if (components) return components;
  const out: Record<string, unknown> = {};
  for (const folder of ['', 'simulator']) {
    for (const file of readdirSync(join(SCHEMA_DIR, folder)).filter((f) => f.endsWith('.json')).sort()) {
      const name = componentName(folder ? `${folder}/${file.slice(0, -5)}` : file.slice(0, -5));
      const text = readFileSync(join(SCHEMA_DIR, folder, file), 'utf8').replaceAll('"#/definitions/', `"#/components/schemas/${name}/definitions/`);
      const { $schema: _draft, ...schema } = JSON.parse(text) as Record<string, unknown>;
      out[name] = schema;
    }
  }
  components = out;
  return out;
}

function schemaOf(ref: SchemaRef | undefined, list = false, envelope?: string): Record<string, unknown> | undefined {
  if (ref === undefined) return undefined;
  const one = typeof ref === 'string' ? { $ref: `#/components/schemas/${componentName(ref)}` } : ref;
  if (!list) return one;
  const array = { type: 'array', items: one };
  // A paged extension list in the conventions' envelope (http/paging.ts: enveloped).
  if (envelope === undefined) return array;
  return { type: 'object', required: [envelope, 'meta'], properties: { [envelope]: array, meta: { type: 'object', required: ['page', 'page_size'], properties: { page: { type: 'integer', minimum: 1 }, page_size: { type: 'integer', minimum: 1 } } } } };
}

function parameters(op: OperationDoc): Record<string, unknown>[] {
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'account' || name === 'slug' || name === 'connection_type' || (op.surface === 'control' && name === 'id') ? { type: 'string' } : { type: 'integer', minimum: 1 },
  }));
  const inQuery = (op.query ?? []).map((q) => ({ name: q.name, in: 'query', required: q.required === true, description: q.description, schema: q.schema, ...(q.commaSeparated ? { style: 'form', explode: false } : {}) }));
  return [...inPath, ...inQuery];
}

function operationObject(op: OperationDoc): Record<string, unknown> {
  const mediaType = op.surface === 'B' ? VENDOR_MEDIA_TYPE : 'application/json';
  const errorSchema = { $ref: `#/components/schemas/${op.surface === 'A' ? 'error-a' : 'error-b'}` };
  const body = schemaOf(op.success.schema, op.success.list, op.success.envelope);
  const success = op.success.status === 204 || !body ? { description: 'Success, no body' } : { description: 'Success', content: { [op.path.endsWith('.yaml') ? 'application/yaml' : mediaType]: { schema: body } } };
  const request = op.request
    ? {
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: schemaOf(op.request.schema), example: op.request.example },
            ...(op.request.yaml ? { 'application/yaml': { schema: schemaOf(op.request.schema) } } : {}),
          },
        },
      }
    : {};
  return {
    operationId: `${op.surface}_${op.method}_${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: op.summary,
    tags: [op.surface === 'control' ? 'control API' : `interface ${op.surface}`],
    'x-disco-source': op.source,
    ...(op.surface === 'B' ? { security: [{ basicKey: [] }] } : op.surface === 'A' ? { security: [{ bearerKey: [] }] } : { security: [] }),
    ...(parameters(op).length ? { parameters: parameters(op) } : {}),
    ...request,
    responses: {
      [String(op.success.status)]: success,
      default: { description: op.surface === 'B' ? "The interface's error object: a message, and the fields at fault" : op.surface === 'A' ? "Interface A's error object" : 'The error object', content: { 'application/json': { schema: errorSchema } } },
    },
  };
}

export function openApiDocument(sim: Sim): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations(sim)) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'disco simulator: the Data Integration Service API',
      version: SIMULATOR_VERSION,
      description: `Interface B (account interface: HTTP Basic with the API key as user name, Accept ${VENDOR_MEDIA_TYPE}), interface A (pipeline interface: Bearer keys under /api/public/v1) and the simulator's control API (/_disco). x-disco-source says where an operation comes from: the spec, a convention where the spec leaves the choice (conventions: ${sim.conventions.name}), an extension of the real service, or the control API.`,
    },
    servers: [{ url: '/', description: 'the simulator that served this document' }],
    tags: [
      { name: 'interface B', description: 'The account interface, under /{account}/api' },
      { name: 'interface A', description: 'The pipeline interface, under /api/public/v1' },
      { name: 'control API', description: 'Set-up and inspection for tests; not part of the service' },
    ],
    paths,
    components: {
      securitySchemes: {
        basicKey: { type: 'http', scheme: 'basic', description: 'Interface B: the API key as user name, an empty password' },
        bearerKey: { type: 'http', scheme: 'bearer', description: `Interface A: a key of the form ${sim.options.pipelineKeyPrefix}_...` },
      },
      schemas: schemaComponents(),
    },
  };
}
