/**
 * What reading a write's body costs a server that does nothing else: the bare server answering
 * the write's bytes as it is (it never reads the body; Node discards it), and the same server
 * reading the whole body and parsing it as JSON first, by hand and through raw-body as the
 * simulator reads it (bench/bare-server.ts). Measured round by round against the bare server
 * beside them, so it says whether Node's body reading, or the library on it, is what keeps a
 * write far below the bare server.
 */
import type { LoadResult } from './load.ts';
import { measureBesideBare, type BenchRequest, type BesideBare } from './endpoints.ts';

export interface BodyReadingCost {
  /** The bare server whose handler never reads the body. */
  bare: LoadResult;
  byHand: BesideBare;
  rawBody: BesideBare;
}

export async function measureBodyReading(r: BenchRequest, opts: { seconds: number; connections: number; rounds: number }): Promise<BodyReadingCost> {
  if (r.body === undefined) throw new Error(`${r.label} sends no body`);
  const { bare, beside } = await measureBesideBare(r, [{ readBody: 'by-hand' }, { readBody: 'raw-body' }], opts);
  return { bare, byHand: beside[0]!, rawBody: beside[1]! };
}
