export type InvoiceStatus = 'pending' | 'successful' | 'failed';

export interface Invoice {
  /** The only string id of interface B. */
  id: string;
  /** `YYYY-MM-DD` */
  date: string;
  amount: number;
  currency: string;
  status: InvoiceStatus;
}
