import { describe, expect, it } from 'vitest';
import { startEmbeddedTarget } from '../../bin/embedded-target.ts';
import { keyProbes } from '../../suites/catalog/b-key-probes.ts';
import { B_ACCEPT, basicAuthorization, interfaceClient } from '../../suites/lib/clients.ts';
import { createHttpClient } from '../../suites/lib/http.ts';
import { CONVENTIONS_NAMES } from '../../simulator/conventions.ts';

/**
 * B-AUTH-2 takes a 4xx to a probe sent with the regenerated-away key as that key's refusal. That
 * holds only for probes a live key gets a 2xx for: a probe a live key is also refused (a
 * not-found, a paging name the target does not take) would pass the clause on nothing.
 */
describe('the probes that tell whether a key was retired (B-AUTH-2)', () => {
  it.each(CONVENTIONS_NAMES)('each answers 2xx to a live key on the %s conventions', { timeout: 30_000 }, async (conventions) => {
    const embedded = await startEmbeddedTarget({ conventions });
    try {
      const account = embedded.target.b[0]!;
      const client = interfaceClient(createHttpClient({ timeoutMs: 5_000 }), `${embedded.target.baseUrl}/${account.accountId}/api`, { accept: B_ACCEPT, authorization: basicAuthorization(account.apiKey) });
      const probes = keyProbes(embedded.target);
      expect(probes.length).toBeGreaterThan(2);
      // The regeneration last: it retires the key the others are sent with.
      for (const probe of [...probes].sort((a, b) => Number(a.label === 'POST /user/tokens') - Number(b.label === 'POST /user/tokens'))) {
        const ex = await probe.send(client);
        expect(ex.response.status, `${probe.label}: ${ex.response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
        expect(ex.response.status, probe.label).toBeLessThan(300);
      }
    } finally {
      await embedded.close();
    }
  });
});
