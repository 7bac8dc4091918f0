import { UsageError } from './commands/usage-error.ts';

const help = `disco: conformance kit for the Data Integration Service API

usage: disco <command> [options]

  serve     run the in-memory simulator (fake backend)
  check     run the conformance suites against a target (default: an embedded simulator)
  clauses   print the clause table with coverage
  verify-cert FILE   check a certification.json: its digest, and with --public-key KEY that it is
                     a certificate signed with that key (exit 0 valid, 1 refused, 2 unreadable)
  diff BASELINE CURRENT   what changed, clause by clause, between two runs' result.json
                     (exit 1 when a clause got worse: a CI gate short of CONFORMANT)
  journal   print a running simulator's request journal (follows it like tail -f)
  state     export or import a running simulator's whole state
  keygen    make an Ed25519 key pair for signing certificates (disco check --certify --sign-key)

Run \`disco <command> --help\` for a command's options.
`;

type Command = (argv: string[]) => Promise<number>;

async function loadCommand(name: string): Promise<Command | null> {
  switch (name) {
    // Each command is loaded when asked for, serve too: the others never need the simulator
    // (`disco journal`, `diff`, `--help` took 0.8 s of CPU loading it first). The package's
    // bundle holds serve all the same (scripts/build.mjs), so its cold start reads one file.
    case 'serve':
      return (await import('./commands/serve.ts')).serve;
    case 'check':
      return (await import('./commands/check.ts')).check;
    case 'clauses':
      return (await import('./commands/clauses.ts')).clauses;
    case 'verify-cert':
      return (await import('./commands/verify-cert.ts')).verifyCert;
    case 'state':
      return (await import('./commands/state.ts')).state;
    case 'journal':
      return (await import('./commands/journal.ts')).journal;
    case 'diff':
      return (await import('./commands/diff.ts')).diff;
    case 'keygen':
      return (await import('./commands/keygen.ts')).keygen;
    default:
      return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help);
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) {
    process.stderr.write(`disco: unknown command ${name}\n\n${help}`);
    return 2;
  }
  return command(rest);
}

// A reader that goes away (`disco journal | head -n 1`) ends the output, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`disco: ${err.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`disco: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  }
}
