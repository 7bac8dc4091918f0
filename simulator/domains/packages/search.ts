import type { Searchable } from '../shared/search-routes.ts';
import type { Package } from './types.ts';
import { presentPackage } from './present.ts';
import { PACKAGE_SORTS } from './model.ts';

/** `GET /packages/search`: the attributes of the real docs (sections/search-packages.md), active and archived packages alike. */
export const PACKAGE_SEARCH: Searchable<Package> = {
  items: (account) => account.packages.values(),
  spec: (_sim, account) => ({
    fields: {
      id: { kind: 'number', value: (p) => p.id },
      name: { kind: 'text', values: (p) => [p.name] },
      description: { kind: 'text', values: (p) => [p.description] },
      user: { kind: 'text', values: (p) => [account.users.get(p.ownerId)?.name, account.users.get(p.ownerId)?.email] },
      created: { kind: 'date', value: (p) => p.createdAt },
      modified: { kind: 'date', value: (p) => p.updatedAt },
    },
    freeText: (p) => [p.name, p.description],
  }),
  sorts: () => ({ ...PACKAGE_SORTS.keys, id: (p) => p.id }),
  direction: 'asc',
  present: (sim, _account, pkg, links) => presentPackage(sim, pkg, links),
};
