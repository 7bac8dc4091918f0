/**
 * Whether a parsed JSON or YAML value nests arrays and objects deeper than `max` levels, found
 * without recursion: the readers that walk a document recursively (env substitution, canonical
 * JSON) would otherwise end in a bare "Maximum call stack size exceeded" on a hostile one.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return false;
}
