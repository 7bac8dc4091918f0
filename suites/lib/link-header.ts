/**
 * The Link header (RFC 8288 section 3), read as the RFC writes it, for the real service's invoice
 * paging (B-GAP-3): the one parser of the suites (written here: the grammar is small, and the
 * suites keep their dependencies few).
 *
 *   Link       = #link-value
 *   link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
 *   link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
 *
 * A quoted-string may hold `,` and `;` (a title "Invoices, from 21"), and `\` escapes the next
 * character; parameters come in any order; `rel` holds one or more relation types separated by
 * spaces, compared case-insensitively (section 2.1.1), and only its first occurrence counts
 * (section 3.3). A value it cannot read is skipped up to the next link, never fatal: a deployment
 * whose header says nothing readable simply shows no links.
 */

/** One link-value: its target as written (a URI-Reference, maybe relative), its relation types, and its parameters. */
export interface LinkValue {
  target: string;
  /** The relation types of its first `rel`, lower-cased; empty when it has none. */
  rels: string[];
  /** Each parameter's first value, by its name lower-cased (a bare parameter: ''). */
  params: Record<string, string>;
}

const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** The link-values of a Link header (several fields joined with commas too), in their order. */
export function parseLinkHeader(header: string): LinkValue[] {
  const out: LinkValue[] = [];
  let i = 0;
  const ws = () => {
    while (i < header.length && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  /** Moves past the rest of a value it cannot read: to the next comma outside a quoted-string. */
  const skipToNextLink = () => {
    while (i < header.length && header[i] !== ',') {
      if (header[i] === '"') quoted();
      else i++;
    }
  };
  /** A quoted-string from its opening quote: its value, escapes undone. */
  const quoted = (): string => {
    let value = '';
    i++;
    while (i < header.length && header[i] !== '"') {
      if (header[i] === '\\' && i + 1 < header.length) i++;
      value += header[i];
      i++;
    }
    i++;
    return value;
  };
  while (i < header.length) {
    ws();
    if (header[i] === ',') {
      i++;
      continue;
    }
    if (header[i] !== '<') {
      skipToNextLink();
      continue;
    }
    const close = header.indexOf('>', i);
    if (close < 0) break;
    const link: LinkValue = { target: header.slice(i + 1, close).trim(), rels: [], params: {} };
    i = close + 1;
    for (;;) {
      ws();
      if (header[i] !== ';') break;
      i++;
      ws();
      let name = '';
      while (i < header.length && TCHAR.test(header[i]!)) name += header[i++];
      ws();
      let value = '';
      if (header[i] === '=') {
        i++;
        ws();
        if (header[i] === '"') value = quoted();
        else while (i < header.length && !/[;,\s]/.test(header[i]!)) value += header[i++];
      }
      if (name === '') {
        // Not a parameter: leave the rest of this link-value alone.
        skipToNextLink();
        break;
      }
      const key = name.toLowerCase();
      if (!(key in link.params)) link.params[key] = value;
    }
    const rel = link.params.rel;
    if (rel !== undefined) link.rels = rel.split(/\s+/).filter((r) => r !== '').map((r) => r.toLowerCase());
    out.push(link);
    // Anything else up to the next comma (stray text after the parameters) is not this parser's business.
    ws();
    if (i < header.length && header[i] !== ',') skipToNextLink();
  }
  return out;
}

/**
 * The targets of a Link header by relation type (the first link naming each), resolved against
 * the URL the answer came from (a relative reference such as `<?offset=20&limit=20>`).
 */
export function linksByRel(header: string | undefined, base: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const link of parseLinkHeader(header ?? '')) {
    let href: string;
    try {
      href = new URL(link.target, base).href;
    } catch {
      continue;
    }
    for (const rel of link.rels) if (!out.has(rel)) out.set(rel, href);
  }
  return out;
}
