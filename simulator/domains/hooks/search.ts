import type { Searchable } from '../shared/search-routes.ts';
import type { Hook } from './types.ts';
import { presentHook } from './present.ts';
import { HOOK_SORTS } from './model.ts';

/** `GET /hooks/search`: the attributes of the real docs (sections/search-hooks.md); free text looks in the name (the docs say nothing). */
export const HOOK_SEARCH: Searchable<Hook> = {
  items: (account) => account.hooks.values(),
  spec: (sim) => ({
    fields: {
      id: { kind: 'number', value: (h) => h.id },
      name: { kind: 'text', values: (h) => [h.name] },
      type: { kind: 'text', exact: true, values: (h) => [sim.conventions.b.hooks.types[h.type]] },
    },
    freeText: (h) => [h.name],
  }),
  sorts: () => ({ ...HOOK_SORTS.keys, id: (h) => h.id }),
  direction: 'asc',
  present: (sim, _account, hook, links) => presentHook(sim, hook, links),
};
