/** A path id: a positive integer written in plain decimal (no sign, no leading zero). */
export function parsePositiveId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
