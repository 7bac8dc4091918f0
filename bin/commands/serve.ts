import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { createSimulator } from '../../simulator/app.ts';
import { keepRequestGarbageYoung } from '../../simulator/heap-tuning.ts';
import { listen, type ServerTls } from '../../simulator/server.ts';
import { isFaultName, FAULT_NAMES, type FaultName } from '../../simulator/faults.ts';
import { loadNamedSeed, loadSeedFile } from '../../simulator/control/seed-files.ts';
import { ID_NUMBERING, JOB_PACE, KEY_PREFIX } from '../../simulator/start-options.ts';
import { startWith } from '../../simulator/control/startup.ts';
import { AdjustableClock, MAX_CLOCK_SPEED } from '../../simulator/clock.ts';
import { parseYaml } from '../../simulator/http/yaml.ts';
import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.ts';
import { Persistence } from '../../simulator/persistence/persistence.ts';
import { restoredManifests } from '../../simulator/control/manifests.ts';
import type { TargetDescription } from '../../suites/lib/provision.ts';
import { isConventionsName } from '../../simulator/conventions.ts';
import { targetDescription } from '../../simulator/control/description.ts';
import { writePrivateFile } from './private-file.ts';
import { servingPair } from '../../suites/lib/tls-settings.ts';
import { runCommandAlongside } from './serve-command.ts';

export const serveHelp = `disco serve: run the simulator as a fake backend

usage: disco serve [options]                  until SIGINT or SIGTERM
       disco serve [options] -- COMMAND [ARGS...]
                        runs COMMAND once the simulator answers, with DISCO_TARGET (the path of
                        the target document: base URLs, keys, fixture ids) and DISCO_BASE_URL in
                        its environment; when it ends the simulator stops and disco exits with
                        its exit status. SIGINT and SIGTERM are passed on to it

  --port N              port to listen on (default 4010; 0 picks a free port)
  --host H              address to bind (default 127.0.0.1)
  --tls-cert FILE       serve HTTPS with this certificate (PEM; with --tls-key); a self-signed
                        one is named as the CA to trust in the --write-target document
  --tls-key FILE        its private key (PEM, not encrypted)
  --seed FILE|NAME      seed file, or a name from fixtures/seed (default: default)
  --write-target FILE   write the target document (base URLs, accounts, keys, fixture ids)
                        that \`disco check --target\` reads; contains secrets, written 0600
  --profile P           strict (default, exactly the spec) | lenient (also loose real clients)
  --key-prefix P        interface A key prefix (default fdk)
  --rate-limit N        interface B requests per user per hour (default 5000, as the real
                        service; 0 switches limits off)
  --conventions C       standard (default: the real service's choices where the spec leaves them
                        open) or alt (another deployment's choices everywhere there; the target
                        file then describes them and names no control API)
  --id-numbering N      simulator (default: one id sequence per kind, an id names one record
                        anywhere) or account (each account numbers its own records from the
                        first id, as a sharded deployment may: two accounts both have package 1)
  --job-pace F          job phase times as a fraction of the real service's (default 1: a run
                        takes 35 s; 0.1 makes it 3.5 s)
  --compress            compress answers of 1 KB and more in a coding the request's
                        Accept-Encoding takes (br, gzip, deflate), as a server behind nginx or a
                        CDN does, so a client's decoding is exercised (default: never)
  --fault NAME          switch on a fault (repeatable); \`disco serve --list-faults\` lists them
  --frozen-clock        time moves only through the control API
  --clock-speed F       simulator time runs F times as fast as real time (default 1; 10: a job of
                        35 s ends in 3.5 s; key expiry, pipelines and webhook retries alike)
  --chaos FILE          chaos rules to start with (YAML or JSON: a list, or {rules: [...]})
  --state FILE          keep the state in FILE: loaded at start (then --seed is not applied),
                        every acknowledged write on disk before its answer; survives SIGKILL
  --journal N           requests the journal keeps (default 1000; 0 turns it off); read it with
                        GET /_disco/journal or disco journal
  --deliver-webhooks M  which web hooks get real POSTs: loopback (default: only URLs on this
                        machine), all, or off
`;

export async function serve(argv: string[]): Promise<number> {
  // Everything after `--` is the command to run alongside, never disco's options.
  const dash = argv.indexOf('--');
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const { values } = parseArgs({
    args: dash < 0 ? argv : argv.slice(0, dash),
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      seed: { type: 'string', default: 'default' },
      'write-target': { type: 'string' },
      profile: { type: 'string', default: 'strict' },
      'key-prefix': { type: 'string', default: 'fdk' },
      fault: { type: 'string', multiple: true, default: [] },
      'list-faults': { type: 'boolean', default: false },
      'frozen-clock': { type: 'boolean', default: false },
      'deliver-webhooks': { type: 'string', default: 'loopback' },
      'rate-limit': { type: 'string', default: '5000' },
      'job-pace': { type: 'string', default: '1' },
      compress: { type: 'boolean', default: false },
      conventions: { type: 'string', default: 'standard' },
      'id-numbering': { type: 'string', default: 'simulator' },
      journal: { type: 'string', default: '1000' },
      'clock-speed': { type: 'string', default: '1' },
      chaos: { type: 'string' },
      state: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(serveHelp);
    return 0;
  }
  if (values['list-faults']) {
    process.stdout.write(FAULT_NAMES.join('\n') + '\n');
    return 0;
  }
  if (dash >= 0 && command.length === 0) throw new UsageError('-- must be followed by the command to run alongside the simulator');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer from 0 to 65535, got ${values.port}`);
  if (values.profile !== 'strict' && values.profile !== 'lenient') throw new UsageError('--profile must be strict or lenient');
  if (!KEY_PREFIX.ok(values['key-prefix'])) throw new UsageError(`--key-prefix ${KEY_PREFIX.says}`);
  const delivery = values['deliver-webhooks'];
  if (delivery !== 'off' && delivery !== 'loopback' && delivery !== 'all') throw new UsageError('--deliver-webhooks must be off, loopback or all');
  const rateLimit = Number(values['rate-limit']);
  if (!Number.isSafeInteger(rateLimit) || rateLimit < 0) throw new UsageError('--rate-limit must be an integer >= 0');
  const jobPace = Number(values['job-pace']);
  if (!JOB_PACE.ok(jobPace)) throw new UsageError(`--job-pace ${JOB_PACE.says}`);
  const conventions = values.conventions;
  if (!isConventionsName(conventions)) throw new UsageError('--conventions must be standard or alt');
  const idNumbering = values['id-numbering'];
  if (!ID_NUMBERING.ok(idNumbering)) throw new UsageError(`--id-numbering ${ID_NUMBERING.says}`);
  const journalSize = Number(values.journal);
  if (!Number.isSafeInteger(journalSize) || journalSize < 0 || journalSize > 1_000_000) throw new UsageError('--journal must be an integer from 0 to 1000000');
  const clockSpeed = Number(values['clock-speed']);
  if (!Number.isFinite(clockSpeed) || clockSpeed <= 0 || clockSpeed > MAX_CLOCK_SPEED) throw new UsageError(`--clock-speed must be a number above 0 and at most ${MAX_CLOCK_SPEED}`);
  if (values['frozen-clock'] && values['clock-speed'] !== '1') throw new UsageError('--clock-speed and --frozen-clock exclude each other');
  const tls = await readServerTls(values['tls-cert'], values['tls-key']);
  const chaosRules = values.chaos === undefined ? [] : await readChaosFile(values.chaos);
  const faults: FaultName[] = [];
  for (const name of values.fault) {
    if (!isFaultName(name)) throw new UsageError(`unknown fault ${name}; see disco serve --list-faults`);
    faults.push(name);
  }
  const seedArg = values.seed;
  const seed = /[/.]/.test(seedArg) ? await loadSeedFile(seedArg) : await loadNamedSeed(seedArg);
  if (!seed) throw new UsageError(`no seed named ${seedArg} in fixtures/seed`);

  // Before any state is made: see simulator/heap-tuning.ts.
  keepRequestGarbageYoung();
  const simulator = createSimulator({
    clock: new AdjustableClock({ frozen: values['frozen-clock'], speed: clockSpeed }),
    faults,
    options: { profile: values.profile, pipelineKeyPrefix: values['key-prefix'], deliverWebhooks: delivery, rateLimitPerHour: rateLimit, jobPace, conventions, journalSize, idNumbering, compress: values.compress },
  });
  const started = startWith(simulator.sim, { seed, chaos: chaosRules });
  if ('problems' in started) throw new UsageError(`--chaos ${values.chaos}: ${started.problems.slice(0, 5).map((p) => `rules${p.field} ${p.message}`).join('; ')}`);
  let manifests = started.manifests;
  let persistence: Persistence | undefined;
  if (values.state) {
    // Applied on top of the seed: a file with state replaces it entirely.
    try {
      const opened = await Persistence.open(simulator.sim, values.state);
      persistence = opened.persistence;
      if (opened.restored) {
        manifests = restoredManifests(simulator.sim);
        process.stdout.write(`disco serve: restored ${simulator.sim.store.accounts.size} accounts from ${values.state} (${opened.records} records${opened.droppedBytes ? `; dropped a torn tail of ${opened.droppedBytes} bytes` : ''}); --seed not applied\n`);
      }
    } catch (e) {
      process.stderr.write(`disco serve: cannot use --state ${values.state}: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))}\n`);
      return 2;
    }
  }
  const listening = await listen(simulator.app, port, values.host, tls);

  // The command alongside gets a target document even when none was asked for: in a folder of
  // its own (0700), removed when the command ends.
  const privateDir = command.length && !values['write-target'] ? await mkdtemp(join(tmpdir(), 'disco-serve-')) : undefined;
  const targetFile = values['write-target'] ?? (privateDir ? join(privateDir, 'target.json') : undefined);
  if (targetFile) {
    // Loaded only here: the target document's code (and the YAML parser it brings) is not needed to answer.
    const { targetDocument } = await import('../../api/target-document.ts');
    const doc = targetDocument(listening.origin, values['key-prefix'], manifests, conventions, targetDescription(simulator.sim.conventions) as TargetDescription);
    // A self-signed certificate is its own CA: the document says to trust it, so `disco check
    // --target` (and any client reading the document) reaches the simulator without more set-up.
    if (tls?.selfSigned) Object.assign(doc, { tls: { ca_file: resolvePath(values['tls-cert']!) } });
    try {
      await writePrivateFile(targetFile, JSON.stringify(doc, null, 2) + '\n');
    } catch (e) {
      // A run whose target file was not written is of no use to whoever asked for it: stop.
      await listening.close();
      if (privateDir) await rm(privateDir, { recursive: true, force: true });
      process.stderr.write(`disco serve: cannot write ${targetFile}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
      return 2;
    }
  }
  const out = process.stdout;
  out.write(`disco simulator listening on ${listening.origin}\n`);
  out.write(`  interface B: ${listening.origin}/{account_id}/api   (HTTP Basic: API key as username, empty password;\n`);
  out.write(`               Accept: application/vnd.service+json; version=2)\n`);
  out.write(`  interface A: ${listening.origin}/api/public/v1   (Authorization: Bearer ${values['key-prefix']}_...)\n`);
  out.write(`  control API: ${listening.origin}/_disco   (reset, seed, clock, faults, journal)\n`);
  if (conventions !== 'standard') out.write(`  conventions: ${conventions} (GET /_disco/target-description describes them)\n`);
  if (idNumbering === 'account') out.write('  ids: numbered per account (two accounts can both have package 1)\n');
  out.write(`  accounts: ${manifests.map((m) => m.account_id).join(', ') || '(none)'}\n`);
  out.write(
    targetFile
      ? `  keys and fixture ids: written to ${targetFile}\n`
      : `  keys are not printed: use --write-target FILE to get them\n`,
  );
  if (faults.length) out.write(`  FAULTS ON: ${faults.join(', ')}\n`);
  if (clockSpeed !== 1) out.write(`  clock: ${clockSpeed} times real time\n`);
  if (chaosRules.length) out.write(`  chaos rules: ${chaosRules.length} (GET /_disco/chaos)\n`);

  let status = 0;
  if (command.length) {
    // Only the program's name: its arguments are the caller's and may hold anything.
    out.write(`  running ${command[0]} (DISCO_TARGET, DISCO_BASE_URL); the simulator stops when it ends\n`);
    status = await runCommandAlongside(command, { DISCO_TARGET: targetFile!, DISCO_BASE_URL: listening.origin }, (line) => process.stderr.write(`${line}\n`));
  } else {
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  }
  await listening.close();
  await persistence?.close();
  if (privateDir) await rm(privateDir, { recursive: true, force: true });
  out.write(command.length ? `disco simulator stopped (${command[0]} exited ${status})\n` : 'disco simulator stopped\n');
  return status;
}

/** A `--chaos` file: YAML or JSON, a list of rules or `{rules: [...]}`. */
async function readChaosFile(path: string): Promise<unknown[]> {
  let doc: unknown;
  try {
    doc = parseYaml(await readFile(path, 'utf8')) as unknown;
  } catch (e) {
    throw new UsageError(`--chaos ${path}: ${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message.split('\n')[0] : String(e))}`);
  }
  const rules = Array.isArray(doc) ? doc : doc && typeof doc === 'object' && Array.isArray((doc as { rules?: unknown }).rules) ? (doc as { rules: unknown[] }).rules : null;
  if (!rules) throw new UsageError(`--chaos ${path}: must hold a list of rules, or {rules: [...]}`);
  return rules;
}

/**
 * The certificate and key of `--tls-cert` and `--tls-key`, checked before anything listens: both
 * or neither, readable, PEM, the key the certificate's (exit 2 otherwise, naming the option).
 */
async function readServerTls(certFile: string | undefined, keyFile: string | undefined): Promise<(ServerTls & { selfSigned: boolean }) | undefined> {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) throw new UsageError('--tls-cert and --tls-key go together: the certificate and its private key (PEM)');
  const read = async (option: string, file: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch (e) {
      throw new UsageError(`${option} ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  };
  const cert = await read('--tls-cert', certFile);
  const key = await read('--tls-key', keyFile);
  const pair = servingPair(cert, key);
  if ('problem' in pair) {
    if (pair.problem === 'not-a-certificate') throw new UsageError(`--tls-cert ${certFile} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`);
    throw new UsageError(pair.problem === 'mismatch' ? `--tls-key ${keyFile} is not the key of --tls-cert ${certFile}` : `--tls-key ${keyFile} is not a PEM private key without a passphrase (${pair.code ?? 'unreadable'})`);
  }
  return { cert, key, selfSigned: pair.selfSigned };
}
