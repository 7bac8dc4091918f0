import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { invalidFields } from '../../http/errors.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { createGroup, findGroup, groupView, listGroups } from './groups.ts';
import { parseGroupBody } from './input.ts';
import { presentGroup } from './present.ts';

export function registerGroupRoutes(router: BRouteTable, sim: Sim): void {
  router.post('/connection_groups', async (ctx) => {
    const { account, user } = ctx.state;
    const read = await readJsonObject(ctx, sim.options.bodyLimitBytes);
    // b-group-quoted-charset-latin1: the group handler decodes its body by the charset parameter
    // as written, quotes and all: Buffer.isEncoding('"utf-8"') is false, so it falls back to Latin-1.
    const body = sim.faults.has('b-group-quoted-charset-latin1') && /charset\s*=\s*"/i.test(ctx.get('content-type')) ? latin1Reread(read) : read;
    // b-group-empty-connections-refused: the body schema gives `connections` minItems 1, so the optional array may be left out but not sent empty.
    if (sim.faults.has('b-group-empty-connections-refused') && Array.isArray(body.connections) && body.connections.length === 0) {
      throw invalidFields([{ field: 'connections', message: 'must hold at least one {id, type} object' }]);
    }
    // b-group-repeated-member-500: the body is not checked for a connection named twice; the group is
    // inserted, then its memberships in one bulk insert under a unique (group, connection) index,
    // which the repeat breaks: a 500, the group left behind, empty.
    if (sim.faults.has('b-group-repeated-member-500') && Array.isArray(body.connections)) {
      const ids = body.connections.map((ref: unknown) => (typeof ref === 'object' && ref !== null ? (ref as Record<string, unknown>).id : undefined));
      const firsts = body.connections.filter((_: unknown, i: number) => ids[i] === undefined || ids.indexOf(ids[i]) === i);
      if (firsts.length < body.connections.length) {
        createGroup(sim, account, user, { ...parseGroupBody({ ...body, connections: firsts }), connections: [] });
        throw new Error('duplicate key value violates unique constraint "connection_group_memberships_pkey"');
      }
    }
    const input = parseGroupBody(body);
    const view = createGroup(sim, account, user, input);
    // b-cg-200-without-connections: a group with no connections to assign goes through the plain insert, which answers 200.
    ctx.status = sim.faults.has('b-cg-200-without-connections') && input.connections.length === 0 ? 200 : 201;
    ctx.body = presentGroup(view, account, sim);
  });

  // Extension: the caller's groups, oldest first, paged like invoices.
  router.get('/connection_groups', (ctx) => {
    const { account } = ctx.state;
    const page = readPage(sim, ctx);
    ctx.body = pageOf(sim, ctx, listGroups(account), page).map((group) => presentGroup(groupView(account, group), account, sim));
  });

  // Extension: read one group.
  router.get('/connection_groups/:group_id', (ctx) => {
    const { account } = ctx.state;
    ctx.body = presentGroup(findGroup(sim, account, pathId(ctx.params.group_id)), account, sim);
  });
}

/** b-group-quoted-charset-latin1: the body's texts as UTF-8 bytes read as Latin-1 (each non-ASCII letter two or three garbled characters). */
function latin1Reread(value: Record<string, unknown>): Record<string, unknown> {
  const garble = (v: unknown): unknown =>
    typeof v === 'string' ? Buffer.from(v, 'utf8').toString('latin1') : Array.isArray(v) ? v.map(garble) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, garble(x)])) : v;
  return garble(value) as Record<string, unknown>;
}
