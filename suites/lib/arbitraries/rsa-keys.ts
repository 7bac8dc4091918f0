import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { generateKeyPair } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { rsaKeyPairOptions, rsaNumbersOfDer, type RsaPublicNumbers } from './key-pairs.ts';

/**
 * The key maker's program: one 2048-bit key pair per byte read, each public key written back as
 * one line, its PKCS #1 DER in base64, encoded by the generation itself (never a JWK export,
 * which can hang: key-pairs.ts). Synchronous on purpose: the process does nothing else, and ends
 * when its input does (the run ended, however it ended).
 */
const MAKER = `
const { generateKeyPairSync } = require('node:crypto');
const options = ${JSON.stringify(rsaKeyPairOptions(2048))};
process.stdin.on('data', (asked) => {
  for (let i = 0; i < asked.length; i++) {
    process.stdout.write(generateKeyPairSync('rsa', options).publicKey.toString('base64') + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

/** A maker that owes keys and has given none for this long is taken for hung, and replaced by this process's thread pool. */
const MAKER_PATIENCE_MS = 30_000;

type Waiter = { resolve: (key: RsaPublicNumbers) => void; reject: (err: Error) => void };
type MakerProcess = ChildProcessByStdio<Writable, Readable, null>;
/** One child: its process, how many keys it still owes, the part of a line it has sent, when it last gave a key or was first asked for one, and whether `stop` ended it. */
type Maker = { process: MakerProcess; asked: number; partial: string; heardAt: number; stopped: boolean };

/**
 * Fresh RSA key pairs, made ahead in child processes. A 2048-bit pair takes 50 to 400 ms of CPU;
 * made in this process (even in libuv's thread pool) the pairs still being made hold its exit:
 * a Ctrl-C waited for them, 0.1 to 0.5 s. A child process is killed at once instead, and its
 * work never delays the run's event loop. One child per core (at most `makers`), since a check
 * can use keys faster than one core makes them. Each key is handed out once, so every key is new.
 * Should a child not start, die, or owe keys and give none for `patienceMs` (hung), keys are
 * made in this process's thread pool instead.
 */
export class RsaKeySource {
  private readonly children: Maker[] = [];
  private failed = false;
  private readonly ready: RsaPublicNumbers[] = [];
  private readonly waiting: Waiter[] = [];
  private watch: NodeJS.Timeout | undefined;

  constructor(
    private readonly ahead: number,
    private readonly makers: number,
    /** The children's program; a test swaps in one that fails or hangs. */
    private readonly program: string = MAKER,
    private readonly patienceMs = MAKER_PATIENCE_MS,
  ) {}

  take(): Promise<RsaPublicNumbers> {
    const key = this.ready.shift();
    const promise = key ? Promise.resolve(key) : this.failed ? inThreadPool() : new Promise<RsaPublicNumbers>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.failed) this.askFor(this.waiting.length + this.ahead - this.ready.length - this.outstanding());
    this.holdWhileWaiting();
    return promise;
  }

  /** Ends the children at once (keys being made are dropped); also done at this process's exit. */
  close(): void {
    for (const child of this.children.splice(0)) child.process.kill('SIGKILL');
  }

  /**
   * The run was interrupted: the children end now, not at this process's exit, so that the keys
   * they are making (each core busy up to 400 ms) do not slow the run's own ending, its
   * cleanups and reports (a Ctrl-C in the SSH key checks, 15 s into a full run on 2 cores: 218 ->
   * 169 ms to exit, medians of 8; the slowest 239 -> 184 ms). A key still awaited is refused
   * rather than made here in the thread pool, which would hold the exit. Keys already made are
   * kept, and a later `take` starts children again.
   */
  stop(reason: Error): void {
    for (const child of this.children) child.stopped = true;
    this.close();
    for (const waiter of this.waiting.splice(0)) waiter.reject(reason);
  }

  private outstanding(): number {
    return this.children.reduce((sum, c) => sum + c.asked, 0);
  }

  private askFor(count: number): void {
    for (let i = 0; i < count && !this.failed; i++) {
      const child = this.makerFor();
      if (!child) return;
      if (child.asked === 0) child.heardAt = performance.now();
      child.asked++;
      child.process.stdin.write(Buffer.alloc(1));
      this.watchMakers();
    }
  }

  /** While keys are owed, looks now and then for a maker that owes some and has gone silent. */
  private watchMakers(): void {
    if (this.watch) return;
    this.watch = setInterval(() => {
      const now = performance.now();
      if (this.children.some((c) => c.asked > 0 && now - c.heardAt > this.patienceMs)) this.fail(new Error(`an RSA key maker gave no key for ${this.patienceMs / 1000} s`));
      if (this.failed || this.outstanding() === 0) {
        clearInterval(this.watch);
        this.watch = undefined;
      }
    }, Math.min(1_000, this.patienceMs / 2));
    // The children keep the process alive while a check waits; the watch alone never does.
    this.watch.unref();
  }

  /** An idle child, else a new one while there are fewer than `makers`, else the least busy. */
  private makerFor(): Maker | undefined {
    const leastBusy = this.children.reduce<Maker | undefined>((best, c) => (best && best.asked <= c.asked ? best : c), undefined);
    if (leastBusy && (leastBusy.asked === 0 || this.children.length >= this.makers)) return leastBusy;
    return this.start() ?? leastBusy;
  }

  private start(): Maker | undefined {
    try {
      // No inherited options: a test runner's or tsx's loader has nothing to do in it.
      const process_ = spawn(process.execPath, ['-e', this.program], { stdio: ['pipe', 'pipe', 'ignore'], env: {}, windowsHide: true });
      const child: Maker = { process: process_, asked: 0, partial: '', heardAt: performance.now(), stopped: false };
      process_.stdout.setEncoding('utf8');
      process_.stdout.on('data', (chunk: string) => this.received(child, chunk));
      process_.on('error', (err) => this.fail(err));
      // Ended by `stop`, a child has not failed: the next `take` starts another.
      process_.on('exit', () => {
        if (!child.stopped) this.fail(new Error('an RSA key maker ended'));
      });
      process_.stdin.on('error', () => undefined);
      process.once('exit', () => process_.kill('SIGKILL'));
      this.children.push(child);
      return child;
    } catch (err) {
      this.fail(err instanceof Error ? err : new Error(String(err)));
      return undefined;
    }
  }

  private received(child: Maker, chunk: string): void {
    const lines = (child.partial + chunk).split('\n');
    child.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) continue;
      child.asked--;
      child.heardAt = performance.now();
      let key: RsaPublicNumbers;
      try {
        key = rsaNumbersOfDer(Buffer.from(line, 'base64'));
      } catch (err) {
        // A maker that writes something else is broken: the thread pool takes over.
        this.fail(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(key);
      else this.ready.push(key);
    }
    this.holdWhileWaiting();
  }

  /** The children (and their pipes) keep this process alive only while a check waits for a key. */
  private holdWhileWaiting(): void {
    for (const { process: child } of this.children) {
      // stdio pipes are sockets, each a handle of the event loop like the child itself.
      for (const handle of [child, child.stdin as unknown as Socket, child.stdout as unknown as Socket]) {
        if (this.waiting.length > 0) handle.ref();
        else handle.unref();
      }
    }
  }

  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.close();
    // Whoever waits gets a key all the same, made here.
    for (const waiter of this.waiting.splice(0)) inThreadPool().then(waiter.resolve, () => waiter.reject(err));
  }
}

function inThreadPool(): Promise<RsaPublicNumbers> {
  return new Promise((resolve, reject) =>
    generateKeyPair('rsa', rsaKeyPairOptions(2048), (err, publicKey) => {
      if (err) return reject(err);
      try {
        resolve(rsaNumbersOfDer(publicKey));
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    }),
  );
}
