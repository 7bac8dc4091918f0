/**
 * What reading a write's body costs a server that does nothing else: the bare server answering
 * the write's bytes as it is (it never reads the body; Node discards it), and the same server
 * reading the whole body and parsing it as JSON first, by hand and through raw-body as the
 * simulator reads it (bench/bare-server.ts). Measured round by round against the bare server
 * beside them, so it says whether Node's body reading, or the library on it, is what keeps a
 * write far below the bare server.
 */
import { measureBareServers, type BenchRequest } from './endpoints.ts';

type Measured = Awaited<ReturnType<typeof measureBareServers>>[number];

export interface BodyReadingCost {
  bare: Measured;
  byHand: Measured;
  rawBody: Measured;
}

export async function measureBodyReading(r: BenchRequest, opts: { seconds: number; connections: number; rounds: number }): Promise<BodyReadingCost> {
  if (r.body === undefined) throw new Error(`${r.label} sends no body`);
  const [bare, byHand, rawBody] = await measureBareServers(r, [{}, { readBody: 'by-hand' }, { readBody: 'raw-body' }], opts);
  return { bare: bare!, byHand: byHand!, rawBody: rawBody! };
}
