import { checkFailed, invalidField } from '../../http/errors.ts';
import { parseIsoDateTime } from '../../http/date-time.ts';
import type { MetadataParams } from './metadata-params.ts';
import { testConnection } from './model.ts';
import { salesforceFields, type SalesforceField } from './salesforce.ts';
import { parseSimpleSelect, sampleTable, type ImportType, type SampleColumn, type SampleValue } from './sample-database.ts';
import type { Connection } from './types.ts';

/**
 * The real service's reads of a connection's source (its API docs: sections/validate-connection.md
 * and import-connection-schema.md): `POST /connections/{type}/{id}/validate` and
 * `GET /connections/{type}/{id}/schema`. Each family of types takes the docs' inputs for it;
 * what the simulated sources hold is sample-database.ts (databases), the simulated org of
 * salesforce.ts, and nothing in file storage. Plain model code: parameters come in as
 * MetadataParams (query or JSON body), answers go out as plain values.
 */

type SourceFamily = 'database' | 'document' | 'salesforce' | 'analytics' | 'files';

const FAMILIES: Readonly<Record<string, SourceFamily>> = {
  athena: 'database', bigquery: 'database', googlecloudpostgres: 'database', googlecloudspanner: 'database', googlecloudsql: 'database',
  herokupostgres: 'database', mysql: 'database', netsuite: 'database', oracle: 'database', postgres: 'database', redshift: 'database',
  snowflake: 'database', sqlserver: 'database',
  mongo: 'document',
  salesforce: 'salesforce',
  analytics: 'analytics',
  azureblobstorage: 'files', gs: 'files', hdfs: 'files', s3: 'files', sftp: 'files',
};

/** The docs' answer of a schema import: rows (`data`), unparsed records (`raw`) and one `{name: type}` per field. */
export interface SchemaImport {
  data: SampleValue[][];
  raw: string[];
  fields: Record<string, ImportType>[];
}

/** How many rows a preview takes when `lines` (`row_count`) is not given: the docs' default. */
const DEFAULT_LINES = 20;

/** `POST /connections/{type}/{id}/validate`: `true`, or a 422 naming what does not hold. */
export function validateSource(connection: Connection, params: MetadataParams): true {
  testConnection(connection.settings);
  switch (FAMILIES[connection.type]) {
    case 'database':
    case 'document': {
      const table = params.text('table');
      const schemaName = params.text('schema_name');
      if (table !== undefined && table !== '') {
        if (schemaName === undefined || schemaName === '') throw invalidField('schema_name', 'is required when table is given');
        sampleTable(table, 'table');
      }
      return true;
    }
    case 'salesforce':
      salesforceSelection(params);
      return true;
    case 'analytics':
      analyticsFields(params);
      return true;
    case 'files': {
      const location = fileLocation(params);
      // A destination is written, not read: a path that holds nothing yet is a valid one.
      if (params.flag('destination')) return true;
      throw noFile(location);
    }
    default:
      return true;
  }
}

/** `GET /connections/{type}/{id}/schema`: the fields of what the parameters select, with a preview of its rows. */
export function importSchema(connection: Connection, params: MetadataParams): SchemaImport {
  testConnection(connection.settings);
  const family = FAMILIES[connection.type];
  switch (family) {
    case 'database':
    case 'document': {
      const { columns, rows } = databaseSelection(params);
      const fields = columns.map((c) => ({ [c.name]: c.type }));
      // A document store gives its records as JSON documents, unparsed (the docs' MongoDB example).
      if (family === 'document') return { data: [], raw: rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((c, i) => [c.name, row[i]])))), fields };
      return { data: rows, raw: [], fields };
    }
    case 'salesforce':
      // The simulated org holds its objects' descriptions, no records.
      return { data: [], raw: [], fields: salesforceSelection(params).map((f) => ({ [f.name]: importTypeOf(f) })) };
    case 'analytics':
      return { data: [], raw: [], fields: analyticsFields(params) };
    case 'files':
      throw noFile(fileLocation(params));
    default:
      throw invalidField('connection_type', `a ${connection.type} connection has no schema to import (the docs give inputs for databases, MongoDB, Salesforce, Google Analytics and file storage)`);
  }
}

function lines(params: MetadataParams, name: string): number {
  return params.rows(name) ?? DEFAULT_LINES;
}

function accessMode(params: MetadataParams, modes: readonly string[]): string {
  const mode = params.text('access_mode') ?? modes[0]!;
  if (!modes.includes(mode)) throw invalidField('access_mode', `must be ${modes.join(' or ')}`);
  return mode;
}

function required(params: MetadataParams, name: string, why: string): string {
  const value = params.text(name);
  if (value === undefined || value.trim() === '') throw invalidField(name, `is required ${why}`);
  return value;
}

/** A database's import: the docs' `table` (or `object`, their default's name) or `query` access mode. */
function databaseSelection(params: MetadataParams): { columns: readonly SampleColumn[]; rows: SampleValue[][] } {
  const mode = accessMode(params, ['table', 'object', 'query']);
  // Read for their kind alone (a number or an object is refused): any schema holds the sample
  // tables, and the simulator applies no WHERE clause.
  params.text('schema_name');
  params.text('where_clause');
  const limit = lines(params, 'lines');
  if (mode !== 'query') {
    const table = sampleTable(required(params, 'table', 'when access_mode is table'), 'table');
    return { columns: table.columns, rows: table.rows.slice(0, limit).map((row) => [...row]) };
  }
  const select = parseSimpleSelect(required(params, 'query', 'when access_mode is query'), 'query');
  const table = sampleTable(select.from, 'query');
  const positions = select.columns === '*' ? table.columns.map((_, i) => i) : select.columns.map((name) => {
    const index = table.columns.findIndex((c) => c.name === name.toLowerCase());
    if (index < 0) throw checkFailed('query', `${table.name} has no column ${name}`);
    return index;
  });
  return { columns: positions.map((i) => table.columns[i]!), rows: table.rows.slice(0, limit).map((row) => positions.map((i) => row[i]!)) };
}

/** A Salesforce read: an object's fields (all, or `object_fields`), or those a SOQL query selects. */
function salesforceSelection(params: MetadataParams): SalesforceField[] {
  const mode = accessMode(params, ['object', 'query']);
  params.text('where_clause');
  lines(params, 'row_count');
  if (mode === 'object') {
    const fields = salesforceFields(required(params, 'object_name', 'when access_mode is object'));
    const wanted = params.list('object_fields');
    return wanted === undefined || wanted === '' ? fields : pick(fields, wanted.split(','), 'object_fields');
  }
  const select = parseSimpleSelect(required(params, 'query', 'when access_mode is query'), 'query');
  const fields = salesforceFields(select.from, 'query');
  return select.columns === '*' ? fields : pick(fields, select.columns, 'query');
}

/** SOQL names fields case-insensitively; the answer gives each its own spelling. */
function pick(fields: readonly SalesforceField[], names: readonly string[], parameter: string): SalesforceField[] {
  return names.map((name) => {
    const found = fields.find((f) => f.name.toLowerCase() === name.trim().toLowerCase());
    if (!found) throw invalidField(parameter, `names no field ${name.trim()} of the object`);
    return found;
  });
}

function importTypeOf(field: SalesforceField): ImportType {
  switch (field.type) {
    case 'boolean':
      return 'boolean';
    case 'int':
      return 'int';
    case 'double':
    case 'currency':
    case 'percent':
      return 'double';
    case 'date':
    case 'datetime':
      return 'datetime';
    default:
      return 'string';
  }
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const RELATIVE_DATE = /^(today|yesterday|\d{1,5}daysAgo)$/;

/** `YYYY-MM-DD` naming a day that exists (not 2026-02-30). */
function isCalendarDate(value: string): boolean {
  return CALENDAR_DATE.test(value) && parseIsoDateTime(`${value}T00:00:00Z`) !== null;
}

/**
 * Google Analytics' inputs: `profile_ids`, `start_date` and `end_date` required (the Reporting
 * API's dates: `YYYY-MM-DD`, `today`, `yesterday`, `NdaysAgo`), and the report's fields, its
 * dimensions (strings; the docs spell the parameter `dimensons`, both spellings are read) then its
 * metrics (numbers, `double`).
 */
function analyticsFields(params: MetadataParams): Record<string, ImportType>[] {
  required(params, 'profile_ids', 'for a Google Analytics connection');
  const dates = ['start_date', 'end_date'].map((name) => {
    const value = required(params, name, 'for a Google Analytics connection');
    if (!isCalendarDate(value) && !RELATIVE_DATE.test(value)) throw invalidField(name, 'must be a date (YYYY-MM-DD), today, yesterday or NdaysAgo');
    return value;
  });
  const [start, end] = dates as [string, string];
  if (isCalendarDate(start) && isCalendarDate(end) && start > end) throw invalidField('end_date', 'must not be before start_date');
  for (const name of ['sort', 'filters', 'segment']) params.text(name);
  const names = (name: string): string[] => (params.text(name) ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '');
  const dimensions = [...names('dimensions'), ...names('dimensons')];
  return [...dimensions.map((d) => ({ [d]: 'string' as const })), ...names('metrics').map((m) => ({ [m]: 'double' as const }))];
}

const FILE_CHOICES: Readonly<Record<string, readonly string[]>> = {
  file_type: ['file', 'service'],
  record_delimiter: ['new_line', 'eof'],
  record_type: ['delimited', 'json', 'raw'],
  quote: ['none', '"', 'quoted_multi_line'],
};

/** File storage's inputs: `bucket` and `path` required, the record format's choices as the docs list them. */
function fileLocation(params: MetadataParams): string {
  const bucket = required(params, 'bucket', 'for a file storage connection');
  const path = required(params, 'path', 'for a file storage connection');
  for (const [name, choices] of Object.entries(FILE_CHOICES)) {
    const value = params.text(name);
    if (value !== undefined && !choices.includes(value)) throw invalidField(name, `must be one of ${choices.join(', ')}`);
  }
  lines(params, 'lines');
  params.flag('skip_header');
  params.text('delimiter');
  params.text('escape');
  return `${bucket}/${path.replace(/^\/+/, '')}`;
}

function noFile(location: string) {
  return checkFailed('path', `no file at ${location}: the simulated storage holds no files`);
}
