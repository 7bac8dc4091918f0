/**
 * The package templates `GET /packages/templates` lists and `POST /packages` takes as
 * `package_template_id`, in the real service's shape (its API docs: id, name, description,
 * position, author). Their flows are the simulator's: two data flows and a workflow, enough for
 * a client to make a package from each.
 */
export interface PackageTemplate {
  id: number;
  name: string;
  description: string;
  position: number;
  flowType: 'dataflow' | 'workflow';
  variables: Record<string, string>;
  dataFlowJson: string;
}

export const TEMPLATE_AUTHOR = { id: 1, name: 'Template Library', avatar_url: 'https://www.gravatar.com/avatar/00000000000000000000000000000000.png?d=retro&s=140' } as const;

export const PACKAGE_TEMPLATES: readonly PackageTemplate[] = [
  {
    id: 1,
    name: 'Database to warehouse',
    description: 'Copies a table from a database connection to a warehouse table, day by day.',
    position: 0,
    flowType: 'dataflow',
    variables: { run_date: "ToString(CurrentTime(), 'yyyy-MM-dd')" },
    dataFlowJson: JSON.stringify({ components: [{ id: 'source', type: 'database_source' }, { id: 'destination', type: 'database_destination', input: 'source' }] }),
  },
  {
    id: 2,
    name: 'Files to warehouse',
    description: 'Loads CSV files from cloud storage into a warehouse table.',
    position: 1,
    flowType: 'dataflow',
    variables: { bucket_path: "'/incoming/'" },
    dataFlowJson: JSON.stringify({ components: [{ id: 'files', type: 'cloud_storage_source' }, { id: 'destination', type: 'database_destination', input: 'files' }] }),
  },
  {
    id: 3,
    name: 'Nightly workflow',
    description: 'Runs packages one after another; add the packages it runs.',
    position: 2,
    flowType: 'workflow',
    variables: {},
    dataFlowJson: JSON.stringify({ tasks: [] }),
  },
];
