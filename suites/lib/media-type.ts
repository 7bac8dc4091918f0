import { parse } from 'content-type';

/**
 * A Content-Type header as a media type: its type and parameters, names lower-cased, a quoted
 * value unquoted. RFC 9110 (8.3.1, 5.6.6) allows what the `content-type` package refuses: tabs
 * as whitespace and empty parameters (`application/json; version=2;`, `a/b;;c=d`), so those
 * are taken out first. Throws on a header that is no media type.
 */
export function parseMediaType(header: string): { type: string; parameters: Record<string, string> } {
  const [type = '', ...parameters] = header.replace(/\t/g, ' ').split(';');
  return parse([type, ...parameters.filter((p) => p.trim() !== '')].join(';'));
}
