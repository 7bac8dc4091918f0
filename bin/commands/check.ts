// SCAFFOLD: replaced by the harness.
export async function check(_argv: string[]): Promise<number> {
  process.stderr.write('disco check: not built yet\n');
  return 2;
}
