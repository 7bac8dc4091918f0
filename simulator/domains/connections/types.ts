export interface Connection {
  id: number;
  name: string;
  /** A connection type id such as `mysql`, `sftp`, `salesforce`, `bingads`. */
  type: string;
  connectionGroupId: number | null;
  /** The type's attributes given when it was made (attributes.ts), secrets left out; absent: a seeded connection's. */
  settings?: Record<string, string | number | boolean>;
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
