import { describe, expect, it } from 'vitest';
import { CONNECTION_TYPES, connectionType, isGroupable } from './catalog.ts';

describe('connection type catalog', () => {
  it('has unique ids and at least one group per type', () => {
    expect(new Set(CONNECTION_TYPES.map((t) => t.type)).size).toBe(CONNECTION_TYPES.length);
    for (const type of CONNECTION_TYPES) expect(type.groups.length).toBeGreaterThan(0);
  });

  it('lets databases, warehouses and cloud storage join groups, and not SaaS sources', () => {
    const groupable = (id: string) => {
      const type = connectionType(id);
      return type !== undefined && isGroupable(type);
    };
    for (const id of ['mysql', 'postgres', 'sqlserver', 'mongo', 'redshift', 'bigquery', 's3', 'gs', 'sftp', 'hdfs', 'swift']) expect(groupable(id), id).toBe(true);
    for (const id of ['salesforce', 'bingads', 'adwords', 'analytics']) expect(groupable(id), id).toBe(false);
    expect(connectionType('constructor')).toBeUndefined();
  });
});
