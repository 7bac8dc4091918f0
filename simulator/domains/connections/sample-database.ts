import { checkFailed, invalidField } from '../../http/errors.ts';

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
  if (!table) throw checkFailed(field, `${name} does not exist: the simulated database holds ${SAMPLE_TABLES.map((t) => t.name).join(' and ')}`);
  return table;
}

/** A query the simulator can answer: the columns it selects (`*` is every one) from one table. */
export interface SimpleSelect {
  columns: '*' | string[];
  from: string;
}

const SELECT_KEYWORD = /^select\s/i;
const FROM_KEYWORD = /\sfrom\s/i;
const TABLE_NAME = /^[A-Za-z_][\w.]*/;
const WHERE_KEYWORD = /^\s+where\s/i;
const COLUMN = /^[A-Za-z_]\w*$/;

/**
 * Reads `SELECT <columns or *> FROM <table> [WHERE ...]`, SQL's or SOQL's, the one form the
 * simulator answers (it runs no query language); anything else is a 422 naming `field`. The
 * WHERE clause is read past, not applied. Each step looks for one keyword once, so the time is
 * linear in the query's length whatever a client sends (a single regular expression for the
 * whole form backtracked for seconds on a few thousand trailing spaces).
 */
export function parseSimpleSelect(query: string, field: string): SimpleSelect {
  const refuse = () => invalidField(field, 'must be SELECT followed by column names or *, FROM and one table (the simulator runs no other query)');
  const text = query.trim().replace(/;$/, '');
  if (!SELECT_KEYWORD.test(text)) throw refuse();
  const afterSelect = text.slice('select'.length);
  const from = FROM_KEYWORD.exec(afterSelect);
  if (!from) throw refuse();
  const list = afterSelect.slice(0, from.index).trim();
  const rest = afterSelect.slice(from.index + from[0].length).trimStart();
  const table = TABLE_NAME.exec(rest)?.[0];
  const tail = rest.slice(table?.length ?? 0);
  if (!table || (tail.trim() !== '' && !WHERE_KEYWORD.test(tail))) throw refuse();
  const columns = list === '*' ? '*' : list.split(',').map((c) => c.trim());
  if (columns !== '*' && !columns.every((c) => COLUMN.test(c))) throw refuse();
  return { columns, from: table };
}
