import type { Searchable } from '../shared/search-routes.ts';
import type { SshKey } from './types.ts';
import { SSH_KEY_SORTS, sshKeysOldestFirst } from './model.ts';
import { presentSshKey } from './present.ts';

/** `GET /user/keys/search`: the caller's own keys, by the attributes of the real docs (sections/search-keys.md); free text looks in the name. */
export const SSH_KEY_SEARCH: Searchable<SshKey> = {
  items: (account, user) => sshKeysOldestFirst(account, user),
  spec: () => ({
    fields: {
      id: { kind: 'number', value: (k) => k.id },
      name: { kind: 'text', values: (k) => [k.name] },
    },
    freeText: (k) => [k.name],
  }),
  sorts: () => ({ ...SSH_KEY_SORTS.keys, id: (k) => k.id }),
  direction: 'asc',
  present: (sim, _account, key, links) => presentSshKey(sim, key, links),
};
