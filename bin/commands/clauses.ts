// SCAFFOLD: replaced by the harness.
export async function clauses(_argv: string[]): Promise<number> {
  process.stderr.write('disco clauses: not built yet\n');
  return 2;
}
