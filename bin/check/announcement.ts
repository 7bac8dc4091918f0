import { parseMediaType } from '../../suites/lib/media-type.ts';
import type { Announcement, Exchange, ResolvedTarget } from '../../suites/lib/types.ts';
import { interfaceARoot, interfaceBRoot } from '../../suites/lib/clients.ts';

/**
 * Notes what the target says about itself while the run talks to it (for the certificate): the
 * `Server` header and an API version, from the first successful answer of each interface that
 * carries either. Nothing is sent for it.
 */
export interface AnnouncementRecorder {
  add(exchange: Exchange): void;
  result(): { interfaceA?: Announcement; interfaceB?: Announcement } | undefined;
}

const VERSION_HEADER = /(^|-)(api-)?version$/i;

export function createAnnouncementRecorder(target: ResolvedTarget): AnnouncementRecorder {
  const seen: { interfaceA?: Announcement; interfaceB?: Announcement } = {};
  const aRoot = target.cdcBaseUrl ? interfaceARoot(target.cdcBaseUrl) : undefined;
  const baseUrl = target.baseUrl;
  const bRoots = baseUrl ? target.b.map((a) => interfaceBRoot(baseUrl, a.accountId)) : [];
  return {
    add(exchange) {
      const { status, headers } = exchange.response;
      if (status < 200 || status >= 300) return;
      const url = exchange.request.url;
      const which = aRoot && url.startsWith(aRoot) ? 'interfaceA' : bRoots.some((root) => url.startsWith(root)) ? 'interfaceB' : undefined;
      if (!which || seen[which]) return;
      const announcement = announcementOf(headers);
      if (announcement) seen[which] = announcement;
    },
    result: () => (seen.interfaceA || seen.interfaceB ? { ...seen } : undefined),
  };
}

export function announcementOf(headers: Readonly<Record<string, string>>): Announcement | undefined {
  const out: Announcement = {};
  const server = headers.server?.trim();
  if (server) out.server = server.slice(0, 200);
  const versionHeader = Object.entries(headers).find(([name]) => VERSION_HEADER.test(name));
  if (versionHeader) out.apiVersion = `${versionHeader[0]}: ${versionHeader[1]}`.slice(0, 200);
  else {
    const type = headers['content-type'];
    try {
      const version = type ? parseMediaType(type).parameters.version : undefined;
      if (version) out.apiVersion = `${parseMediaType(type ?? '').type}; version=${version}`;
    } catch {
      // A Content-Type that does not parse says nothing about a version.
    }
  }
  return out.server || out.apiVersion ? out : undefined;
}
