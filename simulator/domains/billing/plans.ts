/**
 * The account plans (`GET /plans`), exactly as the real service's API docs list them
 * (sections/list-plans.md, resources/plan.md): three plans that differ only in id, name,
 * description and position. Their limits are shown, not enforced (README: the simulator answers
 * no 402 of its own; a chaos rule can). Field names are the docs'; the two times are ISO 8601
 * strings, presented in the running conventions.
 */
export interface Plan {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  price_currency: string;
  price_unit: 'year' | 'month' | 'day' | 'hour';
  cluster_node_hours_included: number;
  cluster_node_hours_limit: number;
  cluster_node_price_cents: number;
  cluster_node_price_currency: string;
  cluster_node_price_unit: 'year' | 'month' | 'day' | 'hour';
  cluster_nodes_limit: number;
  cluster_size_limit: number;
  clusters_limit: number;
  sandbox_clusters_limit: number;
  sandbox_node_hours_included: number;
  sandbox_node_hours_limit: number;
  members_limit: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** What the docs' three plans share: free, no cluster allowance, one member, unlimited hours (-1). */
const FREE_TERMS = {
  price_cents: 0,
  price_currency: 'USD',
  price_unit: 'month',
  cluster_node_hours_included: 0,
  cluster_node_hours_limit: -1,
  cluster_node_price_cents: 0,
  cluster_node_price_currency: 'USD',
  cluster_node_price_unit: 'hour',
  cluster_nodes_limit: 0,
  cluster_size_limit: 0,
  clusters_limit: 0,
  sandbox_clusters_limit: 0,
  sandbox_node_hours_included: 0,
  sandbox_node_hours_limit: -1,
  members_limit: 1,
  created_at: '2015-03-17T14:40:26Z',
  updated_at: '2015-03-17T14:40:26Z',
} as const;

export const PLANS: readonly Plan[] = [
  { id: 'free-trial', name: 'Free Trial', description: 'Free Trial', ...FREE_TERMS, position: 2 },
  { id: 'free', name: 'Free', description: 'Free', ...FREE_TERMS, position: 1 },
  { id: 'basic', name: 'Basic', description: 'Basic Plan', ...FREE_TERMS, position: 0 },
];

/** The plan a new account is on until `PUT /payment_method` names another: the trial. */
export const TRIAL_PLAN_ID = 'free-trial';

/** The trial's length, as the docs' subscription example gives it. */
export const TRIAL_PERIOD_DAYS = 14;

export function planById(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}
