import v8 from 'node:v8';

/**
 * Keeps a request's garbage in V8's young generation however large the simulator's state is.
 *
 * V8 decides, per place in the code that allocates ("allocation site"), to allocate straight in
 * the old generation once most of what it made survived ("pretenuring"). Seeding or restoring a
 * large state (a million invoices, 100,000 jobs) makes that decision for places requests share
 * with it, and from then on each request's short-lived objects go to the old generation, where
 * every young collection must trace into them. Measured on a simulator holding 1,000,000
 * invoices, `GET /packages/{id}` under load, five seconds, three processes each: with the
 * default, two of three ran at 6,700 and 8,300 requests per second with young collections of
 * about 10 ms (the third at 13,000 with 2 ms ones); with pretenuring off, 12,200 to 12,900, every
 * collection about 2 ms. With 1,000 invoices both ran alike. So the cost of a request stops
 * depending on how much state was loaded before it, which bench/scale.ts holds to 1.2x.
 *
 * For the processes disco starts to hold a simulator (`disco serve`, the bench's servers), before
 * their state is made; not for a process that embeds a simulator in its own tests (the package's
 * API), whose heap is its owner's to tune. The flag only steers a collection heuristic, which V8
 * reads at each collection, so setting it after start takes effect (Node warns that some flags
 * do not; this one was measured to).
 */
export function keepRequestGarbageYoung(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
