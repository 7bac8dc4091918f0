export interface Connection {
  id: number;
  name: string;
  /** A connection type id such as `mysql`, `sftp`, `salesforce`, `bingads`. */
  type: string;
  connectionGroupId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ConnectionGroup {
  id: number;
  name: string;
  description: string;
  connectionIds: number[];
  modifiedByUserId: number;
  createdAt: number;
  updatedAt: number;
}
