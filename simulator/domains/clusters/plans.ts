/**
 * `GET /cluster_plans`: the plans of the real service's API docs ("List Cluster Plans"), with the
 * fields its example shows. A plan's size and price are the real service's business; clusters
 * here take `nodes` directly and only record the `plan_id` they were given.
 */
export const CLUSTER_PLANS: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Free' },
  { id: 2, name: 'Medium' },
  { id: 3, name: 'Large' },
  { id: 4, name: 'Extra Large' },
];
