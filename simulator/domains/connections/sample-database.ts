import { invalidField } from '../../http/errors.ts';

/**
 * What a simulated database connection reads: one small sample database, the same behind every
 * database and warehouse connection (the simulator connects nowhere, so it has no data of the
 * client's). Its tables are found under any schema name. Plain data, typed as the real service's
 * schema import names types (its docs show `string`, `int`, `double`, `json`).
 */
export type ImportType = 'int' | 'long' | 'double' | 'boolean' | 'string' | 'datetime' | 'json';

export type SampleValue = string | number | boolean | null;

export interface SampleColumn {
  name: string;
  type: ImportType;
}

export interface SampleTable {
  name: string;
  columns: readonly SampleColumn[];
  rows: readonly (readonly SampleValue[])[];
}

export const SAMPLE_TABLES: readonly SampleTable[] = [
  {
    name: 'customers',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'name', type: 'string' },
      { name: 'email', type: 'string' },
      { name: 'country', type: 'string' },
      { name: 'created_at', type: 'datetime' },
    ],
    rows: [
      [1, 'Ada Lovelace', 'ada@customers.example', 'GB', '2025-11-02T09:14:00Z'],
      [2, 'Grace Hopper', 'grace@customers.example', 'US', '2025-12-19T16:40:00Z'],
      [3, 'Edsger Dijkstra', 'edsger@customers.example', 'NL', '2026-01-03T11:05:00Z'],
    ],
  },
  {
    name: 'orders',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'customer_id', type: 'int' },
      { name: 'total', type: 'double' },
      { name: 'status', type: 'string' },
      { name: 'ordered_at', type: 'datetime' },
    ],
    rows: [
      [101, 1, 42.5, 'shipped', '2026-01-04T08:00:00Z'],
      [102, 2, 19.99, 'pending', '2026-01-04T09:30:00Z'],
      [103, 1, 7.25, 'cancelled', '2026-01-05T12:45:00Z'],
      [104, 3, 120, 'shipped', '2026-01-05T14:10:00Z'],
    ],
  },
];

const byName = new Map(SAMPLE_TABLES.map((t) => [t.name, t])); // lower-case name -> table

/** The sample table `name` names (case-insensitively, a `schema.` prefix ignored), or a 422 naming `field`. */
export function sampleTable(name: string, field: string): SampleTable {
  const table = byName.get(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
  if (!table) throw invalidField(field, `${name} does not exist: the simulated database holds ${SAMPLE_TABLES.map((t) => t.name).join(' and ')}`);
  return table;
}

/** A query the simulator can answer: the columns it selects (`*` is every one) from one table. */
export interface SimpleSelect {
  columns: '*' | string[];
  from: string;
}

const SELECT = /^\s*select\s+(.+?)\s+from\s+([A-Za-z_][\w.]*)(?:\s+where\s+[\s\S]+?)?\s*;?\s*$/i;
const COLUMN = /^[A-Za-z_]\w*$/;

/**
 * Reads `SELECT <columns or *> FROM <table> [WHERE ...]`, SQL's or SOQL's, the one form the
 * simulator answers (it runs no query language); anything else is a 422 naming `field`. The
 * WHERE clause is read past, not applied.
 */
export function parseSimpleSelect(query: string, field: string): SimpleSelect {
  const match = SELECT.exec(query);
  const list = match?.[1]?.trim() ?? '';
  const from = match?.[2];
  const columns = list === '*' ? '*' : list.split(',').map((c) => c.trim());
  if (!from || (columns !== '*' && !columns.every((c) => COLUMN.test(c)))) {
    throw invalidField(field, 'must be SELECT followed by column names or *, FROM and one table (the simulator runs no other query)');
  }
  return { columns, from };
}
