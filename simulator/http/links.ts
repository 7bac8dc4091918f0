import type { Context } from 'koa';
import type { Links } from '../context.ts';

export function linksFor(ctx: Context, slug: string): Links {
  // Not ctx.origin: in Koa 3 that is the client's `Origin` request header, often absent.
  const origin = `${ctx.protocol}://${ctx.host}`;
  const account = encodeURIComponent(slug);
  return { origin, api: `${origin}/${account}/api`, html: `${origin}/${account}` };
}
