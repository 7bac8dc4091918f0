import { afterEach, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { jsonServer, localServers } from '../support/local-target.ts';

/**
 * B-CONN-3: the Salesforce fields and Bing Ads columns reads answer 200 with an array of objects
 * whatever object or report type they are asked for, not only the one the run sends first. These
 * fake deployments name the object with a parameter of their own (`sobject`, declared in the
 * target document) and know their own report types, not the real service's:
 *
 * - one refuses every object and report type it does not know with a 4xx: a deployment's right,
 *   so B-CONN-3 passes;
 * - one answers Contact's fields as `{"fields": [...]}`, a custom object's (`Name__c`) as its
 *   describe `{name, custom, fields}`, or the AdPerformanceReport's columns as an object keyed by
 *   name: a 200 that is no array of objects fails, naming the query. The checks used to send the
 *   declared object and no report type only, and passed all three; later standard objects only,
 *   and passed the custom one.
 */
const FIELDS = [{ name: 'Id', type: 'id' }, { name: 'Name', type: 'string' }];
const COLUMNS = [{ name: 'TimePeriod' }, { name: 'Impressions' }];

type Slip = 'none' | 'contact-wrapped' | 'ad-report-object' | 'custom-described';

function fakeTarget(slip: Slip): http.Server {
  return jsonServer(({ method, path, query }) => {
    if (method === 'GET' && path === '/acme/api/connections/5/salesforce/fields') {
      const object = query.get('sobject');
      if (object === 'Account') return { status: 200, body: FIELDS };
      if (object === 'Contact' && slip === 'contact-wrapped') return { status: 200, body: { fields: FIELDS } };
      if (object?.endsWith('__c') && slip === 'custom-described') return { status: 200, body: { name: object, custom: true, fields: FIELDS } };
      return { status: 422, body: { message: 'Unknown sobject.' } };
    }
    if (method === 'GET' && path === '/acme/api/connections/6/bingads/columns') {
      const report = query.get('report_type');
      if (report === null) return { status: 200, body: COLUMNS };
      if (report === 'AdPerformanceReport' && slip === 'ad-report-object') return { status: 200, body: Object.fromEntries(COLUMNS.map((c) => [c.name, c])) };
      return { status: 400, body: { message: 'report_type must be one of keywords, campaigns.' } };
    }
    return { status: 404, body: { message: 'Not found.' } };
  });
}

function document(origin: string): ResolvedTarget {
  return {
    name: 'fake',
    baseUrl: origin,
    keyPrefix: 'fdk',
    b: [{ accountId: 'acme', apiKey: 'k'.repeat(32), fixtures: { connections: { salesforce: 5, bingads: 6 } } }],
    a: [],
    interfaceA: { operations: {}, listItems: {}, definitions: [] },
    interfaceB: { salesforceFieldsQuery: { sobject: 'Account' } },
    permissions: [],
  };
}

describe('B-CONN-3 samples other objects and report types', () => {
  const servers = localServers();
  afterEach(() => servers.closeAll());

  async function bConn3(slip: Slip) {
    const target = document(await servers.listen(fakeTarget(slip)));
    const checks = (await loadChecks()).filter((c) => c.id === 'b-conn/salesforce-fields' || c.id === 'b-conn/bingads-columns');
    const out = await runChecks({ target, checks, profile: 'spec', seed: 3, runs: 3, readOnly: false, timeoutMs: 5_000 });
    const verdict = clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === 'B-CONN-3');
    return { verdict: verdict?.verdict, reasons: verdict?.reasons.join(' ') ?? '', notes: out.checks.flatMap((c) => c.notes).join(' ') };
  }

  it('passes a deployment that refuses the objects and report types it does not take with a 4xx', { timeout: 60_000 }, async () => {
    const { verdict, reasons, notes } = await bConn3('none');
    expect(verdict, reasons).toBe('pass');
    expect(notes).toContain('sobject=Contact (422)');
    expect(notes).toContain('report_type=CampaignPerformanceReport (400)');
    expect(notes).toMatch(/no custom object was read: Disco_Sample__c was refused/);
  });

  it('fails other objects\' fields answered 200 as an object, asked under the declared parameter', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await bConn3('contact-wrapped');
    expect(verdict, reasons).toBe('fail');
    expect(reasons).toMatch(/salesforce\/fields\?sobject=Contact: the body is not a JSON array/);
  });

  it('fails another report type\'s columns answered 200 as an object', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await bConn3('ad-report-object');
    expect(verdict, reasons).toBe('fail');
    expect(reasons).toMatch(/bingads\/columns\?report_type=AdPerformanceReport: the body is not a JSON array/);
  });

  it('fails a custom object\'s fields answered 200 as its describe, not an array (the checks asked standard objects only)', { timeout: 60_000 }, async () => {
    const { verdict, reasons } = await bConn3('custom-described');
    expect(verdict, reasons).toBe('fail');
    expect(reasons).toMatch(/salesforce\/fields\?sobject=Disco_Sample__c: the body is not a JSON array/);
  });
});
