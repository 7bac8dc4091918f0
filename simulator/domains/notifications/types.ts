export interface Notification {
  id: number;
  userId: number;
  /** Event name, e.g. `job.completed`. */
  kind: string;
  message: string;
  /** The job the notification is about, if any. */
  jobId: number | null;
  read: boolean;
  createdAt: number;
}
