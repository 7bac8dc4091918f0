/**
 * `GET /product_updates`: the real service's product announcements, as its API docs list them
 * (sections/list-product-updates.md): two entries, ids 1 and 2, the same announcement word for word
 * (the docs' example repeats it). Only the likes change (model.ts).
 */
export interface ProductUpdate {
  id: number;
  title: string;
  /** ISO 8601, as the docs give it. */
  createdAt: string;
  body: string;
  bodyHtml: string;
  bodyText: string;
}

const CROSS_JOIN = {
  title: "Xplenty Now Provides Cross Join Between Dataflows",
  createdAt: "2015-05-18T11:13:55Z",
  body: "## Cross Join Between Dataflows!\n Xplenty now supports the capability to join dataflows using non-equality conditions to compare values between the dataflows. This is done using the new cross join component to define the data sources to join and then applying a filter to the joined dataflow.\n\nFor example, to match people in dataflow1 with younger people in dataflow2 you simply:\n\nCross join dataflow1 with dataflow2\nFilter the resulting dataflow with a condition that age from dataflow1 is greater than age from dataflow2\nThere you have a new feature to make your data processing that much smoother.",
  bodyHtml: "<p>Xplenty now supports the capability to join dataflows using non-equality conditions to compare values between the dataflows. This is done using the new cross join component to define the data sources to join and then applying a filter to the joined dataflow.</p>\n\n<p>For example, to match people in dataflow1 with younger people in dataflow2 you simply:</p>\n\n<p>Cross join dataflow1 with dataflow2\nFilter the resulting dataflow with a condition that age from dataflow1 is greater than age from dataflow2\nThere you have a new feature to make your data processing that much smoother.</p>\n",
  bodyText: "Cross Join Between Dataflows!\nXplenty now supports the capability to join dataflows using non-equality conditions to compare values between the dataflows. This is done using the new cross join component to define the data sources to join and then applying a filter to the joined dataflow.\nFor example, to match people in dataflow1 with younger people in dataflow2 you simply:\nCross join dataflow1 with dataflow2\nFilter the resulting dataflow with a condition that age from dataflow1 is greater than age from dataflow2\nThere you have a new feature to make your data processing that much smoother.\n",
} as const;

export const PRODUCT_UPDATES: readonly ProductUpdate[] = [
  { id: 1, ...CROSS_JOIN },
  { id: 2, ...CROSS_JOIN },
];
