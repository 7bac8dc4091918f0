import type { Context } from 'koa';
import type { Links } from '../context.ts';

/**
 * This server's origin as the client addressed it. Not ctx.origin: in Koa 3 that is the
 * client's `Origin` request header, often absent. Not `new URL(ctx.href)` either, which throws
 * (a 500) on a Host header that is not a valid host.
 */
export function originOf(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

export function linksFor(ctx: Context, slug: string): Links {
  return linksAt(originOf(ctx), slug);
}

/** The absolute roots of an account's API and pages under `origin`. */
export function linksAt(origin: string, slug: string): Links {
  const account = encodeURIComponent(slug);
  return { origin, api: `${origin}/${account}/api`, html: `${origin}/${account}` };
}
