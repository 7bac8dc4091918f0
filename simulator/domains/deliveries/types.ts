export type DeliveryStatus = 'idle' | 'enabled' | 'disabled';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['idle', 'enabled', 'disabled'];

export interface Delivery {
  id: number;
  name: string;
  status: DeliveryStatus;
  createdAt: number;
  updatedAt: number;
}
