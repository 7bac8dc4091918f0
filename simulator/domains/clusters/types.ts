export type ClusterStatus = 'available' | 'idle' | 'terminated';

export interface Cluster {
  id: number;
  name: string;
  nodes: number;
  type: 'sandbox' | 'production';
  status: ClusterStatus;
  createdAt: number;
  updatedAt: number;
}
