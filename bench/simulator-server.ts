// Child process of bench/rps.ts: the simulator with the default seed on a free port, rate limits
// off (the load would exhaust them in a second). Sends the
// port and a key to the parent over IPC (never printed: keys stay out of logs).
import { createSimulator } from '../simulator/app.ts';
import { listen } from '../simulator/server.ts';
import { applySeed } from '../simulator/control/seed.ts';
import { loadNamedSeed } from '../simulator/control/seed-files.ts';

const seed = await loadNamedSeed('default');
if (!seed) throw new Error('default seed missing');
// BENCH_JOURNAL: the journal's size (default 1000, as disco serve; 0 turns it off).
const journalSize = Number(process.env.BENCH_JOURNAL ?? 1000);
const { app, sim } = createSimulator({ options: { deliverWebhooks: 'off', rateLimitPerHour: 0, journalSize } });
const [acme] = applySeed(sim, seed);
const listening = await listen(app, 0, '127.0.0.1');
process.send?.({ origin: listening.origin, account: acme?.account_id, key: acme?.users[0]?.api_key });
process.on('disconnect', () => void listening.close().then(() => process.exit(0)));
