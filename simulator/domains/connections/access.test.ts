import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { connectionId, testBed } from './test-support.ts';

/**
 * The refusals every endpoint of the invoices, connections and deliveries domains inherits from
 * interface B: no key (401), no versioned Accept (406), another account's path (404).
 */
describe('invoices, connections and deliveries: access', () => {
  const bed = testBed();
  const callback = bed.simulator.app.callback();
  const key = bed.manifests[0]?.users[0]?.api_key ?? '';
  const auth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const endpoints: [string, string][] = [
    ['get', '/invoices'],
    ['get', '/invoices/in_00000001'],
    ['get', '/connections/types'],
    ['get', '/connections'],
    ['get', `/connections/mysql/${connectionId(bed, 0, 'mysql')}`],
    ['put', `/connections/mysql/${connectionId(bed, 0, 'mysql')}`],
    ['post', '/connection_groups'],
    ['get', '/connection_groups'],
    ['get', '/connection_groups/1'],
    ['get', `/connections/${connectionId(bed, 0, 'salesforce')}/salesforce/fields?object_name=Account`],
    ['get', `/connections/${connectionId(bed, 0, 'bingads')}/bingads/accounts`],
    ['get', `/connections/${connectionId(bed, 0, 'bingads')}/bingads/columns`],
    ['get', '/deliveries'],
    ['delete', `/deliveries/${bed.manifests[0]?.delivery_ids[0]}`],
  ];
  const send = (method: string, path: string, slug = 'acme') => {
    const agent = request(callback);
    const url = `/${slug}/api${path}`;
    return method === 'put' ? agent.put(url) : method === 'post' ? agent.post(url) : method === 'delete' ? agent.delete(url) : agent.get(url);
  };

  it.each(endpoints)('%s %s without a key is 401', async (method, path) => {
    const res = await send(method, path).set('Accept', VENDOR_MEDIA_TYPE);
    expect(res.status).toBe(401);
    expect(typeof res.body.message).toBe('string');
  });

  it.each(endpoints)('%s %s without the versioned Accept header is 406', async (method, path) => {
    const res = await send(method, path).set('Accept', 'application/json').set('Authorization', auth);
    expect(res.status).toBe(406);
  });

  it.each(endpoints)('%s %s on another account\'s path is the not-found', async (method, path) => {
    const res = await send(method, path, 'globex').set('Accept', VENDOR_MEDIA_TYPE).set('Authorization', auth);
    expect(res.status).toBe(404);
    expect(res.text).toBe('{"message":"Item not found."}');
  });
});
