import http from 'node:http';
import net from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../api/index.ts';
import { resolveTarget } from '../../suites/lib/target.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { disco } from '../../test/support/cli.ts';
import { waitForTarget } from './wait.ts';

/**
 * A deployment that is still starting when the run begins: first nothing listens on its port;
 * then it forwards to the simulator.
 */
class StartingDeployment {
  private server: net.Server | http.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly upstreamPort: number,
  ) {}

  /** The deployment up: every connection forwarded to the simulator. */
  async forward(): Promise<void> {
    await this.stop();
    const server = net.createServer((socket) => {
      const upstream = net.connect(this.upstreamPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await this.listen(server);
  }

  private async listen(server: net.Server | http.Server): Promise<void> {
    server.on('connection', (s: net.Socket) => {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const REFUSING_PORT = 1;

/**
 * A deployment still starting, on a port held from the start: every connection is cut at once
 * (the probe fails as against a port nothing listens on) until `forward()`, then piped to the
 * simulator. A port found free by listening and closing was taken by another test's server
 * before disco's first probe once, on a loaded machine: the probe found it answering, disco never
 * waited, and its checks ran against that server (exit 1, nothing on stderr).
 */
class HeldPort {
  private mode: 'cutting' | 'answering 503' | 'forwarding' = 'cutting';
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly upstreamPort: number) {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      if (this.mode === 'cutting') return void socket.destroy();
      // A front whose backend is not up yet: every request answered 503, the connection closed.
      if (this.mode === 'answering 503') return void socket.once('data', () => socket.end(RAW_503));
      const upstream = net.connect(this.upstreamPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  /** From now on every request is answered 503, on the port held from the start. */
  answer503(): void {
    this.mode = 'answering 503';
  }

  forward(): void {
    this.mode = 'forwarding';
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const RAW_503_BODY = '<h1>503 Service Unavailable</h1>';
const RAW_503 = `HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/html\r\nconnection: close\r\ncontent-length: ${RAW_503_BODY.length}\r\n\r\n${RAW_503_BODY}`;

/**
 * A port nothing listens on, below the kernel's ephemeral range (32768 and up on Linux, where the
 * ports of every other test's `listen(0)` and outgoing connection come from): found free by
 * listening and closing, it cannot then be handed to another test's server before the starting
 * deployment listens on it (a port found free by `listen(0)` was, once, for the 503 front).
 * The test needs ECONNREFUSED first, which a port held from the start (HeldPort) cannot give.
 */
async function portBelowEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      return port;
    }
  }
  throw new Error('no free port from 20000 to 31999 in 50 tries');
}

let sim: RunningSimulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator({ deliverWebhooks: 'off', rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'disco-wait-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

/** The simulator's document at the starting deployment's port, without its control API (as a real deployment). */
function documentAt(port: number): Record<string, unknown> {
  const { control_url: _control, ...rest } = sim.target;
  return { ...rest, base_url: `http://127.0.0.1:${port}`, cdc_base_url: `http://127.0.0.1:${port}` };
}

function targetAt(port: number): ResolvedTarget {
  return resolveTarget(documentAt(port), {});
}

describe('disco check --wait: a target still starting', () => {
  it('nothing listening, then up: waited for, said so, and ready', async () => {
    const deployment = new StartingDeployment(await portBelowEphemeralRange(), Number(new URL(sim.origin).port));
    const said: string[] = [];
    const later = setTimeout(() => void deployment.forward(), 1_200);
    try {
      expect(await waitForTarget(targetAt(deployment.port), 1_000, 15_000, undefined, (l) => said.push(l))).toBeNull();
      expect(said[0]).toMatch(/^disco check: waiting up to 15 s for the target: target unreachable: GET http:\/\/127\.0\.0\.1:\d+\/ failed \(.*ECONNREFUSED/);
      expect(said[1]).toMatch(/^disco check: the target is ready after \d+(\.\d)? s$/);
    } finally {
      clearTimeout(later);
      await deployment.stop();
    }
  });

  it('a front answering 503 until its backend is up: waited for too; one that stays so is run against', async () => {
    // Held from the start and never let go (HeldPort): a port closed to be listened on again by
    // another server (503, then forwarding) was taken by another test's server in between once,
    // on a loaded machine (EADDRINUSE, and the test timed out).
    const deployment = new HeldPort(Number(new URL(sim.origin).port));
    const port = await deployment.listen();
    deployment.answer503();
    const said: string[] = [];
    try {
      expect(await waitForTarget(targetAt(port), 1_000, 1_500, undefined, (l) => said.push(l))).toBeNull();
      expect(said).toEqual([
        expect.stringMatching(/^disco check: waiting up to 2 s for the target: GET http:\/\/127\.0\.0\.1:\d+\/.+ without a key answered 503$/),
        expect.stringMatching(/^disco check: the target is still not ready after \d+(\.\d)? s \(GET .* answered 503\); running the checks$/),
      ]);
      said.length = 0;
      const later = setTimeout(() => deployment.forward(), 1_000);
      expect(await waitForTarget(targetAt(port), 1_000, 15_000, undefined, (l) => said.push(l))).toBeNull();
      clearTimeout(later);
      expect(said[1]).toMatch(/the target is ready after/);
    } finally {
      await deployment.stop();
    }
  });

  it('gives up when the time is up, waits not at all without --wait, and never waits out a redirect', async () => {
    // A port nothing listens on for the whole test: 1 (tcpmux), which no service uses and no test
    // can take. A port found free by listening and closing was taken by another test's server
    // within the 1.2 s once, on a loaded machine (the kernel hands a freed port out again), and
    // the target answered.
    const port = REFUSING_PORT;
    const said: string[] = [];
    const gone = await waitForTarget(targetAt(port), 500, 1_200, undefined, (l) => said.push(l));
    expect(gone).toMatch(/^target unreachable: GET http:\/\/127\.0\.0\.1:\d+\/ failed \(.*ECONNREFUSED.*\); still so after waiting \d+(\.\d)? s \(--wait\)$/);
    said.length = 0;
    expect(await waitForTarget(targetAt(port), 500, 0, undefined, (l) => said.push(l))).toMatch(/^target unreachable: [^;]*$/);
    expect(said).toEqual([]);

    const redirecting = http.createServer((req, res) => res.writeHead(req.url === '/' ? 200 : 308, { location: 'https://login.example/sso' }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const at = (redirecting.address() as AddressInfo).port;
      expect(await waitForTarget(targetAt(at), 500, 10_000, undefined, (l) => said.push(l))).toMatch(/^target redirects: /);
      expect(said).toEqual([]);
    } finally {
      redirecting.close();
    }
  });

  it('from the command line: the run waits for the deployment and passes', { timeout: 60_000 }, async () => {
    const deployment = new HeldPort(Number(new URL(sim.origin).port));
    const port = await deployment.listen();
    const file = join(dir, 'target.json');
    await writeFile(file, JSON.stringify(documentAt(port)), { mode: 0o600 });
    const r = await disco(['check', '--target', file, '--wait', '30', '--only', 'b-pkg/absent', '--runs', '3', '--report-dir', join(dir, 'reports')], {
      // Up once disco says it is waiting: its first probe was cut off, however slowly it started.
      whenReady: (child) => {
        child.stderr?.on('data', (d: Buffer) => {
          if (d.toString().includes('waiting up to')) deployment.forward();
        });
      },
    });
    await deployment.stop();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/disco check: waiting up to 30 s for the target: target unreachable/);
    expect(r.stderr).toMatch(/disco check: the target is ready after/);
  });
});
