import type { Context } from 'koa';
import type { Links } from '../context.ts';

export function linksFor(ctx: Context, slug: string): Links {
  const origin = ctx.origin;
  const account = encodeURIComponent(slug);
  return { origin, api: `${origin}/${account}/api`, html: `${origin}/${account}` };
}
