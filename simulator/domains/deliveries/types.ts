export type DeliveryStatus = 'idle' | 'enabled' | 'disabled';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['idle', 'enabled', 'disabled'];

export type DeliveryIntervalUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months';

export const DELIVERY_INTERVAL_UNITS: readonly DeliveryIntervalUnit[] = ['minutes', 'hours', 'days', 'weeks', 'months'];

/** One end of a delivery, as the real service shows it: a connection of the account and its properties. */
export interface DeliveryEnd {
  /** The connection's id; null when the account had none to name. */
  connectionId: number | null;
  properties: Record<string, unknown>;
}

/**
 * A delivery blueprint, with the real service's fields (its API docs). The fields after
 * `updatedAt` are optional only because a state saved before they existed has none: they are
 * shown with their seed defaults then.
 */
export interface Delivery {
  id: number;
  name: string;
  status: DeliveryStatus;
  createdAt: number;
  updatedAt: number;
  description?: string | null;
  intervalAmount?: number;
  intervalUnit?: DeliveryIntervalUnit;
  source?: DeliveryEnd;
  destination?: DeliveryEnd;
  ownerId?: number | null;
  /**
   * A delivery made through `POST /deliveries` initializes first (the real service's docs: "this
   * can take a few minutes"): `idle` until this moment, `enabled` from then on. Absent on seeded
   * deliveries, whose status is as seeded.
   */
  enabledAt?: number;
}
