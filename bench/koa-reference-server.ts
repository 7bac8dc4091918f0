// Child process of the bench: the floor a Koa app cannot go below, a plain Koa 3 app that checks
// HTTP Basic credentials and the Accept header and answers fixed bytes (the same as the bare
// server's). The simulator's distance from it is what its own work costs.
import Koa from 'koa';

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
    // The offered type carries `version=2`: the negotiator takes an Accept entry's parameters as
    // conditions, so offering the bare vendor type answered every request with this 406 (which
    // the bench's body check in endpoints.ts now catches).
    if (!ctx.accepts('application/vnd.service+json; version=2', 'application/json')) {
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
