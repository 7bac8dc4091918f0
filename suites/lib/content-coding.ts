import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type ZlibOptions } from 'node:zlib';

/*
 * The run's requests name no Accept-Encoding, and then "any content coding is considered
 * acceptable" (RFC 9110, 12.5.3): a deployment, or the gateway in front of it, may compress its
 * answers all the same. The answer is judged as the representation it carries, so the body is
 * decoded before anything reads it; the Content-Encoding header is kept as it came.
 */

type Decoder = (raw: Buffer, options: ZlibOptions) => Promise<Buffer>;

const DECODERS: Record<string, Decoder> = {
  gzip: promisify<Buffer, ZlibOptions, Buffer>(gunzip),
  'x-gzip': promisify<Buffer, ZlibOptions, Buffer>(gunzip),
  deflate: promisify<Buffer, ZlibOptions, Buffer>(inflate),
  br: promisify<Buffer, ZlibOptions, Buffer>(brotliDecompress),
};

/** The codings this client reads, for messages. */
export const READ_CODINGS = 'gzip, deflate and br';

/**
 * The body with every coding of `contentEncoding` undone, the last applied first (RFC 9110,
 * 8.4). No decoded body grows past `maxBytes` (a small answer may unpack to gigabytes). Throws
 * an Error saying why the body cannot be read: a coding this client does not know, or bytes
 * that are not what the coding says. An empty body (a HEAD, 204 or 304 answer) stays empty.
 */
export async function decodedBody(raw: Buffer, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0 || raw.length === 0) return raw;
  const unknown = codings.find((coding) => DECODERS[coding] === undefined);
  if (unknown !== undefined) throw new Error(`the answer came in content coding ${JSON.stringify(unknown.slice(0, 40))}, which this client cannot read (it sent no Accept-Encoding; it reads ${READ_CODINGS})`);
  let body = raw;
  for (const coding of codings.reverse()) {
    try {
      body = await DECODERS[coding]!(body, { maxOutputLength: maxBytes });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`the ${coding} body unpacks past ${maxBytes / 2 ** 20} MiB, far beyond any answer of the spec; not read further`);
      throw new Error(`the answer says Content-Encoding: ${contentEncoding ?? ''}, but its body is not ${coding} (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  return body;
}
