/**
 * The clause registry: every id of `spec/clauses.md`, with its kind, the section of
 * `service-api.md` it comes from, and a one-line statement in this project's words. Ids never
 * change meaning; a test keeps this list equal to the catalog.
 */

export type ClauseKind = 'must' | 'gap';

export interface Clause {
  readonly id: string;
  readonly kind: ClauseKind;
  /** Section(s) of service-api.md, as the catalog cites them. */
  readonly section: string;
  readonly statement: string;
}

const must = (id: string, section: string, statement: string): Clause => ({ id, kind: 'must', section, statement });
const gap = (id: string, section: string, statement: string): Clause => ({ id, kind: 'gap', section, statement });

export const CLAUSES: readonly Clause[] = Object.freeze([
  // Interface A: pipelines
  must('A-VER-1', '9', 'Interface A answers under the version path /api/public/v1 (version 1.0).'),
  must('A-AUTH-1', '5A.1', 'Only a Bearer Authorization header carrying a key authenticates; Basic, a bare key or an empty Bearer do not.'),
  must('A-AUTH-2', '5A.2', 'A key is only accepted when it starts with the service prefix and an underscore.'),
  must('A-AUTH-3', '5A.3', 'A key\'s full value is revealed at creation only; no later read exposes it.'),
  must('A-AUTH-4', '5A.4', 'Keys have a name and may expire; once expired a key no longer authenticates.'),
  must('A-AUTH-5', '5A.5, 7A', 'Key creation and revocation are for admins; a non-admin gets 403 with the error object.'),
  must('A-AUTH-6', '5A.6', 'Revoking a key takes effect on the very next request, and a revoked key never comes back.'),
  must('A-AUTH-7', '5A.7, 7A', 'No key or a wrong key is answered 401 with the error object.'),
  must('A-ENUM-1', '5A.8, 7A', 'An absent pipeline and another account\'s pipeline get byte-for-byte the same 404 (volatile headers aside).'),
  must('A-ENUM-2', '5A.8', 'Those two 404s take indistinguishable time, so latency does not reveal existence.'),
  must('A-ERR-1', '4A, 7A', 'Every 401 and 404 body is a JSON object with a string "error" (other members allowed).'),
  must('A-ERR-2', '7A', 'An invalid pipeline definition is answered 400 and the body names the offending field.'),
  must('A-ERR-3', '7A', 'A body with unexpected keys or an unexpected shape is answered 422.'),
  must('A-PIPE-1', '3A', 'Deleting a deployed pipeline of one\'s own account stops and tears it down, then archives it; 200.'),
  must('A-PIPE-2', '3A', 'Deleting a pipeline that is not deployed only archives it, with no other effect; 200.'),
  must('A-PIPE-3', '4A', 'The pipeline id in the path is an integer.'),
  gap('A-GAP-1', '4A', 'How pipelines are listed, created, replaced, updated, started, stopped and validated (methods, paths, payloads).'),
  gap('A-GAP-2', '3A', 'Pipeline states beyond deployed, not deployed and archived, and the transitions other operations cause.'),
  gap('A-GAP-3', '4A', 'What the body of a successful archive (DELETE) looks like.'),
  gap('A-GAP-4', '5A.4', 'How keys are managed over the API (the spec only mentions a dashboard).'),

  // Interface B: account
  must('B-AUTH-1', '5B.1', 'Basic auth with the key as user and an empty password works; a missing, malformed or unknown key gets a 4xx.'),
  must('B-AUTH-2', '5B.2, 4B', 'POST /user/tokens issues a new key in api_key and the previous key stops working.'),
  must('B-AUTH-3', '2, 5B', 'A key opens only its own account: no other account\'s path or resources.'),
  must('B-VER-1', '9', 'Requests must send Accept: application/vnd.service+json; version=2; a missing or different media type or version gets a 4xx.'),
  must('B-VER-2', '9', 'Successful responses with a body are labelled application/vnd.service+json; version=2.'),
  must('B-HDR-1', '4B', 'Request bodies are sent as Content-Type: application/json.'),
  must('B-ERR-1', '7B', 'Not-found answers are an object with a string message, and every 404 carries the same fixed text.'),
  must('B-FMT-1', '2', 'Timestamps are UTC ISO 8601 date-times; ids are integers except the invoice id, a string.'),
  must('B-SCHEMA-1', '2', 'Each returned resource has the fields and types its section 2 table lists.'),
  must('B-CG-1', '4B', 'POST /connection_groups creates a group (201) and may attach the account\'s own connections, never another account\'s.'),
  must('B-JOB-1', '4B, 3', 'POST /jobs with cluster, package and variables creates a job and starts it.'),
  must('B-JOB-2', '4B, 7B', 'POST /jobs with an unknown cluster or package gets the not-found error object.'),
  must('B-JOB-3', '2, 3', 'A job\'s status is always one of the nine listed values.'),
  must('B-JOB-4', '2, 8', 'A job\'s progress is a number between 0 and 1, both included.'),
  must('B-JOB-5', '4B, 6', 'POST /jobs/{job_id}/watchers subscribes the caller to the job\'s notifications and answers 200.'),
  must('B-PKG-1', '4B', 'GET /packages/{package_id} returns the package, or 404 with the message object when there is none.'),
  must('B-USER-1', '4B', 'PUT /user with profile fields answers 200 with the user as updated.'),
  must('B-KEY-1', '4B', 'POST /user/keys adds an SSH key with a fingerprint, which GET /user/keys/{key_id} then returns.'),
  must('B-HOOK-1', '4B, 6', 'POST /hooks creates a hook from type, name, settings, events and active; GET /hooks/{hook_id} returns it.'),
  must('B-HOOK-2', '4B, 6', 'PUT /hooks/{hook_id}/reset gives the hook a new salt, returns it, and changes nothing else.'),
  must('B-INV-1', '4B', 'GET /invoices lists this account\'s invoices and no one else\'s, each dated YYYY-MM-DD.'),
  must('B-LIM-1', '8', 'The invoice offset is a zero-based integer index; successive pages join into the full list with no gap or duplicate.'),
  must('B-LIM-2', '8', 'The invoice page size is an integer from 1 to 100, and a page never exceeds 100 invoices.'),
  must('B-CONN-1', '4B', 'GET /connections/types answers an array of connection types.'),
  must('B-CONN-2', '4B', 'PUT /connections/{connection_type}/{connection_id} with a name answers 200 and the connection, connection_group_id null when ungrouped.'),
  must('B-CONN-3', '4B', 'The Salesforce fields and Bing Ads accounts and columns reads answer 200 with an array of objects.'),
  must('B-DLV-1', '4B', 'DELETE /deliveries/{delivery_id} removes the delivery blueprint with 204 and an empty body.'),
  must('B-NTF-1', '4B, 6', 'POST /notifications/mark marks the given notification read, or all of them without an id; 200.'),
  gap('B-GAP-1', '4B', 'Which success codes job creation, hook and key operations, package read, invoice list and connection types use.'),
  gap('B-GAP-2', '7B', 'Which error codes the account interface uses and what a validation error body holds.'),
  gap('B-GAP-3', '8', 'What the invoice paging parameters are called and how out-of-range values are treated.'),
  gap('B-GAP-4', '6', 'Event kind names, the webhook payload, and how deliveries are signed.'),
  gap('B-GAP-5', '3', 'How job statuses move, and which statuses packages and invoices have.'),
  gap('B-GAP-6', '8', 'Rate limits, request size limits and the default key expiry.'),

  // Both interfaces
  must('X-ROB-1', '7', 'No input, however malformed, produces a 5xx; bad input gets a 4xx with the interface\'s error object.'),
  must('X-ISO-1', '5', 'What one account does is invisible to, and cannot change, any other account.'),
]);

const byId = new Map(CLAUSES.map((c) => [c.id, c])); // clause id -> clause

export function clauseById(id: string): Clause | undefined {
  return byId.get(id);
}

export function isClauseId(id: string): boolean {
  return byId.has(id);
}

/** The family of a clause id: `B-AUTH-3` -> `B-AUTH`. */
export function clauseFamily(id: string): string {
  return id.replace(/-\d+$/, '');
}
