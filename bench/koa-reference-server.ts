// Child process of the bench: the floor a Koa app cannot go below, a plain Koa 3 app that checks
// HTTP Basic credentials and the Accept header and answers fixed bytes (the same as the bare
// server's). The simulator's distance from it is what its own work costs.
//
// The Accept check is the simulator's own (a verdict cached per header string), not Koa's
// `ctx.accepts`: the `accepts`/`negotiator` packages behind it parse the header afresh on every
// request, which measured 10 us of user and 5 to 6 us of system CPU per request here (a one-
// middleware Koa app 26 us, the same with `ctx.accepts` 42 us), more than a third of the floor.
// With it, this app was a floor no Koa app has to stand on.
import Koa from 'koa';
import { AcceptVerdictCache } from '../simulator/http/accept.ts';

// No fault is ever on here.
const acceptVerdicts = new AcceptVerdictCache({ has: () => false });

process.once('message', (message: { status: number; headers: Record<string, string>; body: string; authorization: string }) => {
  const body = Buffer.from(message.body);
  const app = new Koa();
  app.silent = true;
  app.use((ctx) => {
    if (ctx.get('authorization') !== message.authorization) {
      ctx.status = 401;
      ctx.body = { message: 'Unauthorized' };
      return;
    }
    // Strict, as the simulator's default profile (a wrong verdict would answer this 406, which
    // the bench's body check in endpoints.ts catches).
    if (!acceptVerdicts.accepts(ctx.get('accept'), false)) {
      ctx.status = 406;
      ctx.body = { message: 'Not acceptable' };
      return;
    }
    ctx.status = message.status;
    ctx.set(message.headers);
    ctx.body = body;
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.send?.({ origin: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => server.close(() => process.exit(0)));
});
