/**
 * The checks no fault of the simulator trips (`trips/*.json`), each with the reason that is
 * acceptable. `untripped.test.ts` fails when a check no fault trips is missing here, or a check
 * listed here is tripped after all (the reason went stale), or names no check.
 */

const GAP = (clause: string) =>
  `convention check of a gap clause (${clause}): the simulator's documented choice, binding in the simulator profile and advisory elsewhere; no must rule for a fault to break`;

export const UNTRIPPED_REASONS: Readonly<Record<string, string>> = {
  'a-gap/archive-answer': GAP('A-GAP-3'),
  'a-keys/management-conventions': GAP('A-GAP-4'),
  'b-auth/password-must-be-empty': GAP('B-GAP-2'),
  'b-auth/refusal-is-401': GAP('B-GAP-2'),
  'b-err/404-text': GAP('B-GAP-2'),
  'b-gap/read-success-codes': GAP('B-GAP-1'),
  'b-gap/rate-limit-headers': GAP('B-GAP-6'),
  'b-hdr/other-media-type-refused': GAP('B-GAP-2'),
  'b-hook/signed-delivery': GAP('B-GAP-4'),
  'b-inv/paging-conventions': GAP('B-GAP-3'),
  'b-job/not-found-status': GAP('B-GAP-2'),
  'b-job/lifecycle-conventions': GAP('B-GAP-5'),
  'b-user/ssh-key-conventions': GAP('B-GAP-1'),
  'b-ver/not-acceptable-is-406': GAP('B-GAP-2'),
  'b-iso/foreign-invoices-not-listed':
    "the fault that leaks invoices (b-invoices-of-every-account) breaks B-INV-1, and its proof runs B-INV-1's checks, where b-inv/only-own catches it; this check is the same leak seen through B-AUTH-3 and X-ISO-1",
};
