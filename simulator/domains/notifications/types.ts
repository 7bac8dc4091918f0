export interface Notification {
  id: number;
  userId: number;
  /** Event name, e.g. `job.completed`. */
  kind: string;
  message: string;
  /** The job the notification is about, if any. */
  jobId: number | null;
  read: boolean;
  /** When it was marked read; null while unread (absent in state saved before it was kept: the creation time stands in). */
  readAt?: number | null;
  createdAt: number;
}
