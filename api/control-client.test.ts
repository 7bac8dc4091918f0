import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { controlClient, ControlError, startSimulator } from './index.ts';

/** What a test suite sees when the control API cannot do what it asked: always a ControlError that says where it looked. */
describe('controlClient failures', () => {
  it('a control API that does not answer: a ControlError of status 0 naming where it looked', async () => {
    // A port nothing listens on: taken, then given back.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = await controlClient(`http://127.0.0.1:${port}/_disco`).health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect(error).toMatchObject({ status: 0, message: expect.stringMatching(new RegExp(`GET /health: the control API at http://127.0.0.1:${port}/_disco did not answer \\(connect ECONNREFUSED`)) });
  });

  it('the simulator\'s origin given without /_disco: the 404 says what the control API\'s URL is', async () => {
    const sim = await startSimulator();
    try {
      const error = await controlClient(sim.origin).health().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlError);
      expect(error).toMatchObject({ status: 404, message: expect.stringContaining(`(is ${sim.origin} the control API? It is the simulator's origin followed by /_disco)`) });
      await expect(controlClient(sim.controlUrl).health()).resolves.toMatchObject({ ok: true });
    } finally {
      await sim.close();
    }
  });
});
