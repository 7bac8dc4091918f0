import { parseMediaType } from './media-type.ts';
import type { Exchange, Expect, FailureDetail } from './types.ts';
import { CheckFailure } from './failure.ts';
import { validateResource } from './schemas.ts';

/** A short, single-line view of a response for "received" (full bodies are in the exchange). */
export function describeResponse(exchange: Exchange): string {
  const body = exchange.response.body.replace(/\s+/g, ' ');
  const shown = body.length > 300 ? `${body.slice(0, 300)}…` : body;
  return `${exchange.response.status} ${exchange.response.headers['content-type'] ?? '(no content-type)'} ${shown}`.trim();
}

function statusMatches(status: number, expected: number | number[] | '2xx' | '4xx'): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '4xx') return status >= 400 && status < 500;
  if (Array.isArray(expected)) return expected.includes(status);
  return status === expected;
}

function fail(detail: FailureDetail): never {
  throw new CheckFailure(detail);
}

export const expect: Expect = {
  status(exchange, expected, clause, message) {
    const status = exchange.response.status;
    if (statusMatches(status, expected)) return;
    const wanted = Array.isArray(expected) ? expected.join(' or ') : String(expected);
    fail({
      clause,
      message: message ?? `${exchange.request.method} ${new URL(exchange.request.url).pathname} answered ${status}, expected ${wanted}`,
      expected: `status ${wanted}`,
      received: describeResponse(exchange),
      exchange,
    });
  },

  that(condition, detail) {
    if (!condition) fail(detail);
  },

  schema(exchange, schema, clause, value) {
    const subject = value === undefined ? exchange.json : value;
    const problems = validateResource(schema, subject);
    if (problems.length === 0) return;
    fail({
      clause,
      message: `the ${schema} in the response does not match section 2 of the spec`,
      expected: `a ${schema} with the fields and types of the spec`,
      received: problems.slice(0, 8).map((p) => `${p.path}: ${p.message}`).join('; '),
      exchange,
    });
  },

  mediaType(exchange, type, parameters, clause) {
    const header = exchange.response.headers['content-type'];
    const wanted = [type, ...Object.entries(parameters).map(([k, v]) => `${k}=${v}`)].join('; ');
    let ok = false;
    if (header) {
      try {
        const parsed = parseMediaType(header);
        ok = parsed.type === type.toLowerCase() && Object.entries(parameters).every(([k, v]) => parsed.parameters[k.toLowerCase()] === v);
      } catch {
        ok = false;
      }
    }
    if (!ok) {
      fail({
        clause,
        message: `Content-Type is ${header ? `"${header}"` : 'missing'}, expected the media type ${wanted}`,
        expected: `Content-Type: ${wanted}`,
        received: header ?? '(none)',
        exchange,
      });
    }
  },

  errorObjectB(exchange, clause) {
    const body = exchange.json;
    const ok = typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as Record<string, unknown>).message === 'string';
    if (!ok) {
      fail({ clause, message: 'the error body is not the interface B error object', expected: 'a JSON object with a string "message"', received: describeResponse(exchange), exchange });
    }
  },

  errorObjectA(exchange, clause, also) {
    const body = exchange.json;
    const ok = typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as Record<string, unknown>).error === 'string';
    if (!ok) {
      fail({ clause, ...(also?.length ? { also } : {}), message: 'the error body is not the interface A error object', expected: 'a JSON object with a string "error"', received: describeResponse(exchange), exchange });
    }
  },

  json(exchange, clause) {
    if (exchange.json === undefined) {
      fail({ clause, message: 'the response body is not JSON', expected: 'a JSON body', received: describeResponse(exchange), exchange });
    }
    return exchange.json;
  },
};
