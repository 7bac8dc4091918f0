/**
 * A small client of the account interface, the kind a team tests against disco: it lists
 * packages and retries once on 429 and 503, honouring Retry-After. The tests next to it drive
 * the simulator through disco's programmatic API.
 */
export async function listPackages(baseUrl: string, apiKey: string, options: { maxWaitMs?: number } = {}): Promise<{ id: number; name: string }[]> {
  const headers = { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`, accept: 'application/vnd.service+json; version=2' };
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/packages`, { headers });
    if ((res.status === 429 || res.status === 503) && attempt === 1) {
      const wait = Math.min(Number(res.headers.get('retry-after') ?? '1') * 1000, options.maxWaitMs ?? 2000);
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (!res.ok) throw new Error(`GET /packages answered ${res.status}`);
    return (await res.json()) as { id: number; name: string }[];
  }
}
