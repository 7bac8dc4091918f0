export type PackageStatus = 'active' | 'archived';

export interface Package {
  id: number;
  name: string;
  description: string;
  variables: Record<string, string>;
  ownerId: number;
  status: PackageStatus;
  createdAt: number;
  updatedAt: number;
  /**
   * Simulator convention: how jobs of this package end. `failed` makes every job of the package
   * fail at the end of its run, so clients can test their failure paths.
   */
  outcome: 'completed' | 'failed';
}
