const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/i;

/**
 * Reads an ISO 8601 date-time with a zone (`Z` or `±hh:mm`) as epoch ms, or null. Unlike
 * Date.parse alone it refuses dates that do not exist (`2030-02-31`, `T24:00`), which Date.parse
 * would silently move to another day.
 */
export function parseIsoDateTime(text: string): number | null {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return null;
  if (m[8] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}
