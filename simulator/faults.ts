/**
 * Named, off-by-default deviations from the spec. Each breaks exactly one rule in a realistic
 * way, so the self-tests can prove that the suites notice: for every fault, a run against the
 * faulty simulator fails and names `clause`.
 */
export const faultCatalog = {
  // Interface B
  'b-unknown-key-accepted': { clause: 'B-AUTH-1', description: 'an unknown Basic key on a real account path authenticates as that account\'s first user' },
  'b-unknown-key-deletes-as-first-user': { clause: 'B-AUTH-1', description: 'the DELETE routes take an unknown Basic key as the account\'s first user (their key check falls back to the account owner): DELETE /hooks/{id} with a made-up key deletes the hook' },
  'b-bearer-accepted-on-writes': { clause: 'B-AUTH-1', description: 'the write routes (all but GET) also take `Authorization: Bearer <key>`, a token path added for another client; the reads refuse it' },
  'b-metadata-without-credentials': { clause: 'B-AUTH-1', description: 'the connection metadata reads (GET /connections/{id}/salesforce/fields, /bingads/accounts, /bingads/columns) are served without an Authorization header, as the account\'s first user (a whitelist for the connector workers); every other route refuses it' },
  'b-head-without-credentials': { clause: 'B-AUTH-1', description: 'a HEAD without an Authorization header is served (for load balancers\' probes) as the account\'s first user: 200 with the Content-Length of the read' },
  'b-basic-trailing-junk-accepted': { clause: 'B-AUTH-1', description: 'the Basic credentials are read by a pattern not anchored at the end: `Basic <base64(key:)>` followed by a space and junk, a comma, a second token or any character outside Base64 authenticates as the key' },
  'b-old-key-valid-after-regeneration': { clause: 'B-AUTH-2', description: 'after POST /user/tokens the previous key keeps working' },
  'b-accept-cache-fails-open': { clause: 'B-VER-1', description: 'the cache of Accept verdicts, once it holds 256 distinct headers, serves every header it has not judged instead of evicting one: after that many, another version and other media types are served' },
  'b-token-regeneration-retires-owner-key': { clause: 'B-AUTH-2', description: "POST /user/tokens retires the key of the account's first user (its owner), not the caller's: a member who regenerates gets a new key, its old one keeps working, and the owner is locked out" },
  'b-replaced-key-writes-cached': { clause: 'B-AUTH-2', description: 'the write routes authenticate through a cache of the keys they have seen, which POST /user/tokens never clears: after a regeneration the old key is refused on reads but still writes (PUT /user, POST /hooks)' },
  'b-cross-account-access': { clause: 'B-AUTH-3', description: 'a key of one account reads another account\'s path as if it were its own' },
  'b-foreign-hook-readable': { clause: 'B-AUTH-3', description: 'GET /hooks/{id} finds a hook by id in any account: another account\'s hook is answered 200, salt and all' },
  'b-group-read-any-account': { clause: 'B-AUTH-3', description: 'GET /connection_groups/{id} looks the group up by its id in any account (a global primary key, the account never checked): another account\'s group is answered 200 with its name, description and connections' },
  'b-member-key-any-account-path': { clause: 'B-AUTH-3', description: 'the {account_id} path is checked against the key\'s account only for the account owner\'s key: a member\'s key (members may belong to several accounts, their membership not looked up) is served on any account\'s path, as that account' },
  'b-foreign-package-readable': { clause: 'B-AUTH-3', description: 'GET /packages/{id} finds a package by id in any account: another account\'s package is answered 200' },
  'b-foreign-resource-403': { clause: 'B-AUTH-3', description: 'another account\'s job, package or hook id is answered 403 instead of the not-found answer, revealing that it exists' },
  'b-missing-accept-served': { clause: 'B-VER-1', description: 'a request without the versioned Accept header is served' },
  'b-wrong-success-content-type': { clause: 'B-VER-2', description: 'successful bodies are labelled application/json' },
  'b-empty-list-plain-json': { clause: 'B-VER-2', description: 'a successful answer whose body is an empty list (`[]`, an invoice page past the end) is left as the handler labelled it, application/json: the labelling skips empty lists' },
  'b-later-accounts-plain-json': { clause: 'B-VER-2', description: 'successful bodies of every account but the first made are labelled application/json (the vendor media type rolled out by account); the first account\'s are right' },
  'b-group-and-token-labelled-json': { clause: 'B-VER-2', description: 'the answers of POST /connection_groups and POST /user/tokens, whose handlers set their own type, are labelled application/json; every other answer is right' },
  'b-json-charset-refused': { clause: 'B-HDR-1', description: 'Content-Type is compared as a string: `application/json; charset=utf-8` is refused with 415' },
  'b-hdr-jobs-exact-type': { clause: 'B-HDR-1', description: 'POST /jobs compares Content-Type as a string: only exactly `application/json` is taken, `application/json; charset=utf-8` or `Application/JSON` is refused with 415; every other route takes any spelling' },
  'b-hdr-case-sensitive-elsewhere': { clause: 'B-HDR-1', description: 'POST /notifications/mark, POST /connection_groups, POST /user/keys and PUT /connections/{type}/{id} match the media type case-sensitively: `Application/JSON` is refused with 415 (a charset is taken); POST /hooks and PUT /user take any spelling' },
  'b-chunked-body-ignored': { clause: 'B-HDR-1', description: 'a body sent with Transfer-Encoding: chunked and no Content-Length is taken for no body: PUT /user answers 200 with the user unchanged, every other write sees `{}`; the same body with Content-Length is applied' },
  'b-bingads-accounts-query-500': { clause: 'X-ROB-1', description: 'GET /connections/{id}/bingads/accounts reads the `accounts` query parameter (the real service\'s list of account ids) with BigInt before checking it: a value that is no integer (`accounts=abc`, `1.5`) answers 500; a list of the connection\'s own ids is served' },
  'b-404-without-message': { clause: 'B-ERR-1', description: '404 bodies are `{"error": "not found"}` without `message`' },
  'b-word-id-404-own-text': { clause: 'B-ERR-1', description: 'GET /packages/{id} with a word for its id answers 404 with a text of its own ("No record with that id."), not the one every other 404 carries' },
  'b-user-times-in-user-zone': { clause: 'B-FMT-1', description: "the user's updated_at is written with the offset of the user's own time zone (the instant right, the zone not UTC)" },
  'b-timestamps-without-zone': { clause: 'B-FMT-1', description: 'timestamps are written in local time without a zone designator' },
  'b-later-accounts-created-at-no-zone': { clause: 'B-FMT-1', description: 'a package\'s created_at is written `2026-01-02 10:00:00` (no T, no zone) to every account but the first made (a formatter rolled out by account); the first account\'s are right' },
  'b-impossible-timestamp': { clause: 'B-FMT-1', description: 'a package\'s updated_at is written by a hand-made formatter that does not check the calendar: 2026-02-30T10:00:00Z, a day that does not exist' },
  'b-package-id-as-string': { clause: 'B-SCHEMA-1', description: 'packages carry their id as a string' },
  'b-group-accepts-foreign-connection': { clause: 'B-CG-1', description: 'a connection group may reference another account\'s connection' },
  'b-cg-description-dropped': { clause: 'B-CG-1', description: 'POST /connection_groups stores the group without its description (a column the insert leaves out): the group is answered and kept with description ""' },
  'b-cg-200-without-connections': { clause: 'B-CG-1', description: 'POST /connection_groups without the optional `connections` (or with none) goes the plain insert way, which answers 200 instead of 201' },
  'b-group-members-not-assigned': { clause: 'B-CG-1', description: 'POST /connection_groups answers the group listing the connections it was given, but leaves each connection where it was (its connection_group_id unchanged, the group empty)' },
  'b-refused-group-inserted': { clause: 'B-CG-1', description: 'POST /connection_groups checks the connections it names only after inserting the group: one naming a connection of another account (or none) is answered 422 all the same, but the group stays, empty' },
  'b-group-connections-first-account': { clause: 'B-CG-1', description: "POST /connection_groups looks the connections it names up in the account that first made a group on the simulator (a memo kept past the request): another account's own connections are refused as naming none of its own (422), and a connection of that first account it names is taken into the caller's group" },
  'b-refused-group-moves-own': { clause: 'B-CG-1', description: "POST /connection_groups checks the connections it names only after inserting the group and moving the account's own connections it names into it: one naming a connection of another account is answered 422, but the group stays and holds those own connections" },
  'b-job-not-started': { clause: 'B-JOB-1', description: 'POST /jobs creates the job but never starts it: it stays idle' },
  'b-job-variables-not-stored': { clause: 'B-JOB-1', description: 'POST /jobs answers the job with the variables and dynamic_variables it was given, but stores it without them: the job read back has none' },
  'b-job-missing-cluster-accepted': { clause: 'B-JOB-2', description: 'POST /jobs with a cluster id that does not exist creates a job anyway' },
  'b-job-cluster-id-zero-first-cluster': { clause: 'B-JOB-2', description: 'POST /jobs reads cluster_id with a falsy test: cluster_id 0 (no cluster has it) is taken as "none named" and the job runs on the account\'s first cluster (201) instead of the not-found error' },
  'b-job2-dynvars-skip-lookup': { clause: 'B-JOB-2', description: 'POST /jobs with dynamic_variables goes the template way, which creates the job before it looks the package up: an absent package is not refused, the job is created and fails later; with `dynamic_variables: {}` it is refused as it should be' },
  'b-job-status-unknown-value': { clause: 'B-JOB-3', description: 'a completed job reports the status `finished`' },
  'b-stopped-job-status-canceled': { clause: 'B-JOB-3', description: 'a job that has stopped reports the status `canceled` (another job runner\'s word), not `stopped`' },
  'b-progress-above-one': { clause: 'B-JOB-4', description: 'job progress is reported in percent (0 to 100)' },
  'b-job-list-status-label': { clause: 'B-JOB-3', description: 'the job list (GET /jobs) presents each job\'s status as a display label ("Running", "Pending stoppage"), as a dashboard\'s job table shows it; a job read alone (POST /jobs, GET /jobs/{id}) answers the status itself' },
  'b-job-list-progress-percent': { clause: 'B-JOB-4', description: 'the job list (GET /jobs) presents each job with its progress in percent (0 to 100), as a dashboard\'s job table shows it; a job read alone (POST /jobs, GET /jobs/{id}) answers 0 to 1' },
  'b-watch-status-204': { clause: 'B-JOB-5', description: 'POST /jobs/{id}/watchers answers 204 instead of 200' },
  'b-watch-subscribes-nobody': { clause: 'B-JOB-5', description: 'POST /jobs/{id}/watchers answers 200 with the watcher entry but subscribes nobody' },
  'b-watch-listed-not-notified': { clause: 'B-JOB-5', description: 'POST /jobs/{id}/watchers lists the caller among the job\'s watchers but writes its watch with notifications off (a notify flag that only job creation sets): the job\'s end notifies it not' },
  'b-watch-finished-job-refused': { clause: 'B-JOB-5', description: 'POST /jobs/{id}/watchers on a job that has ended (completed, failed or stopped) is refused 422, though the spec puts no condition on the job\'s state' },
  'b-watch-subscribes-owner': { clause: 'B-JOB-5', description: 'POST /jobs/{id}/watchers subscribes the account\'s owner (its first user) instead of the key\'s user; the answer still names the caller' },
  'b-package-absent-200-null': { clause: 'B-PKG-1', description: 'an absent package is answered 200 with a null body' },
  'b-package-read-another': { clause: 'B-PKG-1', description: 'GET /packages/{id} answers with another package of the account' },
  'b-user-update-ignored': { clause: 'B-USER-1', description: 'PUT /user answers 200 with the user unchanged' },
  'b-user-update-writes-owner': { clause: 'B-USER-1', description: 'PUT /user updates and answers the account\'s first user (its owner) whoever calls: a member\'s PUT /user rewrites the owner\'s profile, and its own stays as it was' },
  'b-user-location-truncated': { clause: 'B-USER-1', description: 'PUT /user stores the location in a column of 30 characters that cuts a longer one silently: it answers 200 with the location cut, and reads it back so' },
  'b-ssh-key-comment-null': { clause: 'B-SCHEMA-1', description: 'an SSH key whose line has no comment shows `comment: null` (section 2: a string)' },
  'b-ssh-key-comment-one-word': { clause: 'B-KEY-1', description: 'POST /user/keys refuses a valid OpenSSH public key whose comment has a space in it (ssh-keygen -C "Ada laptop")' },
  'b-ssh-key-blob-lengths-trusted': { clause: 'X-ROB-1', description: 'the SSH key parser believes the lengths a key blob declares: a truncated blob (a real key cut short) reads past its end and answers 500' },
  'b-ssh-key-read-404': { clause: 'B-KEY-1', description: 'GET /user/keys/{id} does not find keys created through the API' },
  'b-ssh-key-stored-under-owner': { clause: 'B-KEY-1', description: 'POST /user/keys stores the key under the account\'s first user (its owner), whoever calls: a member\'s new key is answered 201, but its GET /user/keys/{id} is 404 (the key is in the owner\'s list)' },
  'b-hook-name-ascii-only': { clause: 'B-HOOK-1', description: 'a hook is stored with the letters of its name outside ASCII left out (Zoë Núñez 李 becomes Zo Nez)' },
  'b-hook-url-query-dropped': { clause: 'B-HOOK-1', description: 'a web hook\'s settings.url is stored without its query string' },
  'b-hook-events-dropped': { clause: 'B-HOOK-1', description: 'hooks are stored without their events' },
  'b-hook-salt-derived': { clause: 'B-HOOK-2', description: 'PUT /hooks/{id}/reset derives the new salt from the hook\'s id and creation time instead of drawing it at random: the first reset changes the salt, every later one gives that same salt again' },
  'b-hook-reset-deactivates': { clause: 'B-HOOK-2', description: 'PUT /hooks/{id}/reset also sets the hook inactive' },
  'b-hook-reset-some-types': { clause: 'B-HOOK-2', description: 'PUT /hooks/{id}/reset replaces the salt only of web and slack hooks: an email or pagerduty hook keeps its salt (the reset answers and reads it back unchanged)' },
  'b-hook-reset-trims-name': { clause: 'B-HOOK-2', description: 'PUT /hooks/{id}/reset re-saves the hook through the update path, which trims its name: a name with blanks around it loses them on reset' },
  'b-hook-reset-salts-every-hook': { clause: 'B-HOOK-2', description: 'PUT /hooks/{id}/reset gives the new salt to every hook of the account (the update lost its hook condition), not only to the hook reset' },
  'b-invoice-date-with-time': { clause: 'B-INV-1', description: 'invoice dates are full timestamps, not YYYY-MM-DD' },
  'b-later-accounts-invoice-date-time': { clause: 'B-INV-1', description: 'invoice dates are full timestamps (`2026-01-01T00:00:00Z`) for every account but the first made (a presenter rolled out by account); the first account\'s are YYYY-MM-DD' },
  'b-offset-off-by-one': { clause: 'B-LIM-1', description: 'offset counts from 1, so paging skips an invoice between pages' },
  'b-offset-off-by-one-ascending': { clause: 'B-LIM-1', description: 'GET /invoices?direction=asc (the real service\'s oldest-first order) counts the offset from 1: pages after the first skip an invoice; the default order pages right' },
  'b-invoice-last-page-one-short': { clause: 'B-LIM-1', description: 'GET /invoices in its default order ends a page that reaches the end of the list one invoice short (an inclusive/exclusive slip): the account\'s oldest invoice is never listed in that order, yet every page agrees with the others; the oldest-first and by-number orders list it' },
  'b-lim-offset-ignored-without-limit': { clause: 'B-LIM-1', description: 'GET /invoices reads the offset only together with a page size: an offset given alone is ignored and the first page served' },
  'b-limit-uncapped': { clause: 'B-LIM-2', description: 'a page size above 100 (for example 150) is honoured' },
  'b-limit-zero-unlimited': { clause: 'B-LIM-2', description: 'a page size of 0 is read as "no limit" (a sentinel of the shared paging reader): GET /invoices?limit=0 answers the whole list, more than 100 invoices in one page; every other size is read as the spec says' },
  'b-invoice-asc-page-size-1000': { clause: 'B-LIM-2', description: 'GET /invoices?direction=asc (the real service\'s oldest-first order, paged by hand) reads its page size up to 1000: limit=250 answers 250 invoices; the default order stays capped at 100' },
  'b-limit-uncapped-past-the-start': { clause: 'B-LIM-2', description: 'a page size above 100 is honoured when an offset above 0 is given: the first page is capped, the next ones are not' },
  'b-connection-types-wrapped-for-later-accounts': { clause: 'B-CONN-1', description: 'GET /connections/types answers `{"types": [...]}` to every account but the first made (a shape rolled out by account)' },
  'b-connection-types-wrapped': { clause: 'B-CONN-1', description: 'GET /connections/types answers `{"types": [...]}` instead of an array' },
  'b-update-answer-ungrouped': { clause: 'B-CONN-2', description: 'PUT /connections/{type}/{id} answers connection_group_id null for a connection in a group (the group stays, the answer forgets it)' },
  'b-connection-group-id-omitted': { clause: 'B-CONN-2', description: 'an ungrouped connection omits connection_group_id instead of null' },
  'b-connection-rename-not-stored': { clause: 'B-CONN-2', description: 'PUT /connections/{type}/{id} answers 200 with the connection under its new name, but the connection keeps its old one' },
  'b-bingads-columns-object': { clause: 'B-CONN-3', description: 'Bing Ads columns come back as an object keyed by name, not an array' },
  'b-bingads-columns-other-report-types-object': { clause: 'B-CONN-3', description: 'Bing Ads columns of a report type asked by report_type, other than the default KeywordPerformanceReport, come back as an object keyed by column name (a second code path for the other reports); the default report\'s columns are an array' },
  'b-delivery-delete-200-body': { clause: 'B-DLV-1', description: 'DELETE /deliveries/{id} answers 200 with the deleted record' },
  'b-delivery-delete-ignored': { clause: 'B-DLV-1', description: 'DELETE /deliveries/{id} answers 204 and keeps the delivery' },
  'b-delivery-delete-removes-all': { clause: 'B-DLV-1', description: 'DELETE /deliveries/{id} answers 204 and deletes every delivery of the account (the deletion lost its id condition), not only that one' },
  'b-mark-all-counter-only': { clause: 'B-NTF-1', description: 'POST /notifications/mark without an id zeroes the user\'s unread count but leaves every notification unread' },
  'b-mark-all-newest-20': { clause: 'B-NTF-1', description: 'POST /notifications/mark without an id marks only the user\'s newest 20 unread notifications (one page of them), the older ones left unread' },
  'b-mark-all-ignored': { clause: 'B-NTF-1', description: 'POST /notifications/mark without id marks nothing' },
  'b-mark-one-ignored': { clause: 'B-NTF-1', description: 'POST /notifications/mark with an id answers 200 and leaves that notification unread' },
  'b-mark-all-every-user': { clause: 'B-NTF-1', description: 'POST /notifications/mark without an id marks every unread notification of the account read, the other users\' too (the update lost its user condition), not only the caller\'s' },
  'b-mark-id-zero-marks-all': { clause: 'B-NTF-1', description: 'POST /notifications/mark reads its id with a falsy test: {"id": 0} (and {"id": null}), an id naming no notification, is taken as "without id" and marks every notification of the user read' },
  'b-mark-one-marks-all': { clause: 'B-NTF-1', description: 'POST /notifications/mark with an id marks every notification of the user read, not only that one' },
  'b-malformed-json-500': { clause: 'X-ROB-1', description: 'a malformed JSON body crashes the handler: 500 with a stack trace' },
  'b-delivery-null-property-500': { clause: 'X-ROB-1', description: "POST /deliveries checks each source and destination property's length with v.length: a property whose value is null crashes the handler (500)" },
  'b-delivery-status-filter-every-account': { clause: 'X-ISO-1', description: 'GET /deliveries?status=<s> (the real service\'s status filter, an extension) reads a status index holding every account\'s deliveries: account 1\'s filtered list shows account 2\'s deliveries of that status; the unfiltered list is right' },
  'b-foreign-watch-allowed': { clause: 'X-ISO-1', description: 'a caller may watch another account\'s job by id' },
  'b-other-accounts-keys-refused': { clause: 'B-AUTH-1', description: 'only the first account\'s keys authenticate: the key lookup never looks past it' },
  'b-accept-compared-as-string': { clause: 'B-VER-1', description: 'Accept is compared as a string: only exactly `application/vnd.service+json; version=2` is served, other spellings of that media type are refused' },
  'b-accept-checked-on-get-and-post-only': { clause: 'B-VER-1', description: 'the Accept check is mounted on the GET and POST routes only: a PUT or DELETE without the versioned Accept header, or with another one, is served' },
  'b-invoices-of-every-account': { clause: 'B-INV-1', description: 'GET /invoices lists every account\'s invoices, not only the caller\'s (the query lost its account condition)' },
  'b-member-job-creator-id-string': { clause: 'B-SCHEMA-1', description: 'a job started by any user but the account\'s first (a member) shows creator.id as a string: the id read from another column for users other than the owner' },
  'b-job-runtime-as-string': { clause: 'B-SCHEMA-1', description: 'jobs carry runtime_in_seconds as a string' },
  'b-salesforce-fields-wrapped': { clause: 'B-CONN-3', description: 'Salesforce fields come back as `{"fields": [...]}` instead of an array' },
  'b-salesforce-fields-other-objects-wrapped': { clause: 'B-CONN-3', description: 'Salesforce fields of any object but Account come back as `{"fields": [...]}` (the metadata endpoint\'s shape, from a lookup that serves the other objects); Account\'s fields are an array' },
  'b-bingads-accounts-wrapped': { clause: 'B-CONN-3', description: 'Bing Ads accounts come back as `{"accounts": [...]}` instead of an array' },
  'b-metadata-api-made-connection-500': { clause: 'B-CONN-3', description: 'connections made through POST /connections/{type} get no metadata-cache entry (the API way never schedules the fetch): the Salesforce fields and Bing Ads accounts and columns reads of such a connection answer 500; seeded connections answer 200' },
  'b-wrong-type-500': { clause: 'X-ROB-1', description: 'a hook name that is not a string crashes the handler: 500' },
  'b-bad-job-id-500': { clause: 'X-ROB-1', description: 'a cluster_id or package_id that is a number but no positive safe integer (negative, fractional, beyond 2^53) crashes the job handler: 500' },
  'b-large-body-500': { clause: 'X-ROB-1', description: 'a body above the size limit is answered 500 instead of 413' },
  'b-broken-escape-500': { clause: 'X-ROB-1', description: 'a path with a broken percent-escape crashes the router: 500' },
  'b-repeated-query-500': { clause: 'X-ROB-1', description: 'a query parameter given twice reaches the handler as a list and crashes it: 500' },
  'b-since-500': { clause: 'X-ROB-1', description: 'a list\'s since that is no time crashes the handler: 500 (the time is parsed before it is checked)' },
  'b-unknown-path-empty-404': { clause: 'X-ROB-1', description: 'an unknown path gets the framework\'s plain-text "Not Found" instead of the error object' },
  'b-error-page-for-browsers': { clause: 'X-ROB-1', description: 'interface B answers its errors as an HTML page when the Accept header mentions text/html (a browser\'s, or the vendor type with HTML beside it)' },
  'b-int32-offset-500': { clause: 'X-ROB-1', description: 'the lists interface B pages with offset and limit (its extensions\' lists) bind the offset as a 32-bit query parameter: an offset above 2^31-1 is a 500' },
  'b-415-html-page': { clause: 'X-ROB-1', description: 'interface B answers a body in another media type than JSON 415 with an HTML page, not the error object' },
  'b-int32-path-id-500': { clause: 'X-ROB-1', description: 'interface B\'s path ids bound as 32-bit integers: an id above 2^31-1 (GET /packages/2147483648) overflows the query parameter and crashes the handler: 500' },
  'b-path-id-parse-int': { clause: 'X-ROB-1', description: 'interface B\'s path ids read with parseInt (leading digits kept, the rest dropped): GET /packages/7abc and /hooks/7.5 answer record 7, DELETE /hooks/7x deletes hook 7' },
  // Interface A
  'a-wrong-version-prefix': { clause: 'A-VER-1', description: 'interface A is served under /api/public/v2 instead of /api/public/v1' },
  'a-reads-under-v2': { clause: 'A-VER-1', description: 'interface A\'s reads (every GET) are served under /api/public/v2 only, as a read API moved to a new version; the writes stay under /api/public/v1, where a GET is 404 (an unknown path)' },
  'a-writes-under-v2': { clause: 'A-VER-1', description: 'interface A\'s writes (POST, PUT, PATCH, and the DELETE of a key) are served under /api/public/v2 only; the reads and the spec\'s DELETE /pipelines/{id} stay under /api/public/v1, where a write is 404 (an unknown path)' },
  'a-basic-scheme-accepted': { clause: 'A-AUTH-1', description: 'a key sent with the Basic scheme authenticates' },
  'a-head-without-key': { clause: 'A-AUTH-7', description: 'a HEAD without an Authorization header is let through (for load balancers\' probes) as the first account: 200 for a live pipeline, 404 for an absent one, so ids can be enumerated without a key' },
  'a-key-outside-authorization-accepted': { clause: 'A-AUTH-1', description: 'with no Authorization header, the key sent as an X-API-Key header or an api_key query parameter authenticates' },
  'a-unprefixed-key-accepted': { clause: 'A-AUTH-2', description: 'a key presented without its prefix authenticates' },
  'a-unprefixed-key-on-pipeline-reads': { clause: 'A-AUTH-2', description: 'a key presented without its prefix authenticates on GET /pipelines/{id} and GET /pipelines/{id}/definition: those reads look the key up through a path of their own that adds a missing prefix; every other request refuses it' },
  'a-key-readable-after-create': { clause: 'A-AUTH-3', description: 'listing keys returns each key\'s full value' },
  'a-revoke-answer-shows-key': { clause: 'A-AUTH-3', description: 'the answer to a key\'s revocation carries the full key (a deployment that keeps keys in clear answers with the whole record)' },
  'a-expired-key-accepted': { clause: 'A-AUTH-4', description: 'an expired key keeps authenticating' },
  'a-expired-key-manages-keys': { clause: 'A-AUTH-4', description: 'an expired key still authenticates on the key-management writes (the create of a key, a revocation): their authentication never asks whether the key expired, so an expired admin key mints fresh keys; every other request refuses it' },
  'a-expired-key-writes-pipelines': { clause: 'A-AUTH-4', description: 'an expired key still authenticates on the changes of a pipeline (PUT and PATCH /pipelines/{id}, its start and its stop): the deployment service\'s own key check knows revocation but not expiry; reads, the create, DELETE and key management refuse it' },
  'a-non-admin-key-management': { clause: 'A-AUTH-5', description: 'a non-admin key may create and revoke keys' },
  'a-nonadmin-key-create-inserted': { clause: 'A-AUTH-5', description: 'POST /api-keys checks the admin rule after inserting the key: a non-admin caller gets 403 with the error object, and the key is made all the same (listed, and working)' },
  'a-key-may-revoke-itself': { clause: 'A-AUTH-5', description: 'a non-admin key may revoke itself (the admin rule is skipped when the key named is the caller\'s own)' },
  'a-revoked-key-grace': { clause: 'A-AUTH-6', description: 'a revoked key keeps working for 60 seconds' },
  'a-revoked-key-reads': { clause: 'A-AUTH-6', description: 'a revoked key is still accepted on GET /pipelines/{id}: that read authenticates through a path that never asks whether the key was revoked' },
  'a-revoked-key-manages-keys': { clause: 'A-AUTH-6', description: 'a revoked key still authenticates on the key-management writes (the create of a key, a revocation): their authentication never asks whether the key was revoked, so a leaked revoked admin key mints fresh keys; every other request refuses it' },
  'a-revoked-key-writes-pipelines': { clause: 'A-AUTH-6', description: 'a revoked key still authenticates on the pipeline writes (POST /pipelines, PUT and PATCH /pipelines/{id}, its start and its stop): they are queued to a deployment worker that authenticates from a key cache holding the key\'s digest and account, not its revocation; reads, the validation, DELETE and key management refuse it' },
  'a-dead-key-head-served': { clause: 'A-AUTH-6', description: 'HEAD requests are authenticated from an edge key cache (digest to account) that never learns of revocations or expiries: a revoked or expired key gets 200 on HEAD /pipelines/{id} of a live pipeline (404 on an absent one); its GET is 401' },
  'a-revoked-key-reactivated': { clause: 'A-AUTH-6', description: 'a PATCH of a key\'s record with {"status": "active"} or {"revoked_at": null} brings a revoked key back' },
  'a-invalid-key-403': { clause: 'A-AUTH-7', description: 'an invalid key is answered 403 instead of 401' },
  'a-definition-checked-before-key': { clause: 'A-AUTH-7', description: 'POST /pipelines and the validation of a definition read and check the document before the key: without a valid key, a malformed or invalid document gets its 400 or 422, not 401' },
  'a-key-lookup-any-account': { clause: 'X-ISO-1', description: 'GET and DELETE /api-keys/{id} find a key by id in any account: an admin of one account reads and revokes another account\'s keys' },
  'a-foreign-pipeline-403': { clause: 'A-ENUM-1', description: 'another account\'s pipeline is answered 403' },
  'a-foreign-404-body-differs': { clause: 'A-ENUM-1', description: 'the 404 body for another account\'s pipeline differs from the one for an absent id' },
  'a-foreign-404-last-modified': { clause: 'A-ENUM-1', description: 'the 404 for another account\'s pipeline carries a Last-Modified header (the pipeline\'s last change), the body the same' },
  'a-enum-etag-from-row': { clause: 'A-ENUM-1', description: 'every pipeline 404 carries an ETag: for another account\'s pipeline stamped from the row loaded by id (its id and last change, before the account is compared), for an absent id from the error body; so all absent ids share one ETag and each foreign pipeline has its own, status and body the same' },
  'a-archived-foreign-slow-404': { clause: 'A-ENUM-2', description: 'an id the caller\'s account lacks is looked up in a slower archive store when any account archived a pipeline of that id: another account\'s archived pipeline answers its 404 (on every route, reads and DELETE) ~15 ms later than an absent id; its deployed and never-deployed pipelines do not' },
  'a-foreign-404-slower': { clause: 'A-ENUM-2', description: 'answering 404 for another account\'s pipeline takes measurably longer' },
  'a-foreign-archive-404-slower': { clause: 'A-ENUM-2', description: 'DELETE /pipelines/{id} answers its 404 for another account\'s pipeline measurably later (the archive handler looks up the owner); reads do not' },
  'a-error-yaml-when-accepted': { clause: 'A-ERR-1', description: 'interface A answers its errors in the format the client asked for: a request whose Accept asks for YAML (and not JSON) gets its 401 or 404 as a YAML text `error: "..."`, labelled application/yaml' },
  'a-404-without-error': { clause: 'A-ERR-1', description: '404 bodies carry `message` but no `error`' },
  'a-pipeline-subpath-404-message': { clause: 'A-ERR-1', description: 'an unknown path under a pipeline (/pipelines/{id}/<anything unknown>) is answered by the pipeline sub-router itself: 404 with `{"message": ...}` without `error`, before any key is asked for' },
  'a-lapsed-key-401-message': { clause: 'A-ERR-1', description: 'a revoked or expired key is refused on a path of its own whose 401 body is `{"message": ...}` without `error`; unknown and malformed keys get the error object' },
  'a-invalid-definition-stored': { clause: 'A-ERR-2', description: 'POST /pipelines inserts a definition of the right shape before checking its rules: one that fails validation is answered 400 naming the field, and is stored all the same' },
  'a-invalid-replace-stored': { clause: 'A-ERR-2', description: 'PUT /pipelines/{id} writes the document over the stored definition (a shallow merge) before checking its rules: one that fails validation is answered 400 naming the field, and is stored all the same' },
  'a-invalid-definition-no-field': { clause: 'A-ERR-2', description: 'a definition that fails validation gets 400 without naming the field' },
  'a-unknown-keys-ignored': { clause: 'A-ERR-3', description: 'unknown keys in a definition are silently ignored' },
  'a-unknown-keys-ignored-under-bigquery-settings': { clause: 'A-ERR-3', description: 'unknown keys in destination.settings of a bigquery destination are silently dropped (its settings schema is left open); every other object of a definition, and the other destination types\' settings, still refuse them with 422' },
  'a-unknown-keys-ignored-on-replace': { clause: 'A-ERR-3', description: 'PUT /pipelines/{id} reads destination.settings through the settings model of its destination type, which ignores fields it does not declare: unknown keys there are dropped and the replace taken (200); create, validate and PATCH still refuse them with 422, as PUT does everywhere else in the document' },
  'a-unknown-keys-ignored-on-update': { clause: 'A-ERR-3', description: 'PATCH /pipelines/{id} applies the sync fields it knows one by one onto the stored sync: unknown keys in a patched sync are skipped and the update taken (200); create, validate and PUT still refuse them with 422, as PATCH does everywhere else in the document' },
  'a-optional-fields-coerced': { clause: 'A-ERR-3', description: 'optional definition fields of the wrong JSON type that read as their own are converted instead of refused: "5439" for a redshift port, "true" for ssl or initial_load, 5 for a description' },
  'a-yaml-unknown-keys-dropped': { clause: 'A-ERR-3', description: 'a definition sent as YAML goes through a loader that keeps only the documented top-level keys: an unknown top-level key in a YAML body is dropped silently and the document taken; the same key in JSON is 422' },
  'a-start-stop-body-unread': { clause: 'A-ERR-3', description: 'start and stop never read the request body: a body with made-up keys, or one that is no object, is ignored and the pipeline started or stopped' },
  'a-delete-deployed-keeps-running': { clause: 'A-PIPE-1', description: 'DELETE of a deployed pipeline archives it but leaves it running' },
  'a-delete-not-deployed-starts': { clause: 'A-PIPE-2', description: 'DELETE of a not-deployed pipeline deploys it briefly before archiving (a side effect)' },
  'a-archive-purges-definition': { clause: 'A-PIPE-2', description: 'archiving a not-deployed pipeline also purges its stored definition, keeping only its name' },
  'a-archive-clears-last-sync': { clause: 'A-PIPE-2', description: 'archiving a not-deployed pipeline also clears when it last synced (last_sync_at null after), as a clean-up with the archive' },
  'a-non-integer-id-500': { clause: 'A-PIPE-3', description: 'a non-integer pipeline id crashes the handler with 500' },
  'a-accept-parameters-500': { clause: 'X-ROB-1', description: 'GET /pipelines/{id}/definition ranks the Accept header with a hand-written q-value parser that takes every parameter list to hold q=: an Accept range with another parameter only (`application/json; charset=utf-8`) crashes it, 500; `;q=0.9` or no parameter is served' },
  'a-int32-pipeline-id-500': { clause: 'X-ROB-1', description: 'the pipeline lookup binds the id as a 32-bit integer: a pipeline id above 2^31-1 (GET /pipelines/2147483648, DELETE, PUT, PATCH, start, stop) crashes the handler: 500' },
  'a-pipeline-id-as-name': { clause: 'A-PIPE-3', description: 'a pipeline id that is not an integer is looked up as the name of a live pipeline of the caller\'s account' },
  'a-archive-id-parseint': { clause: 'A-PIPE-3', description: 'DELETE reads the pipeline id with parseInt: `12abc`, `12.5`, ` 12` archive pipeline 12' },
  'a-non-admin-key-refused': { clause: 'A-AUTH-1', description: 'keys without admin rights are refused on every request (a role check applied to everything)' },
  'a-yaml-error-500': { clause: 'X-ROB-1', description: 'a YAML body that does not parse escapes the handler: 500' },
  'a-content-type-parse-500': { clause: 'X-ROB-1', description: 'a Content-Type that does not parse as a media type crashes the body reader: 500' },
  'a-deep-body-500': { clause: 'X-ROB-1', description: 'a body nested too deep overflows the validator: 500 instead of 422' },
  'a-unknown-path-500': { clause: 'X-ROB-1', description: 'an unknown path under /api/public/v1 crashes the fallback handler: 500' },
  'a-list-shows-foreign': { clause: 'X-ISO-1', description: 'GET /pipelines lists every other account\'s pipelines after the caller\'s own (a query that lost its account filter)' },
  'a-pipeline-names-unique-across-accounts': { clause: 'X-ISO-1', description: 'POST /pipelines refuses (409) a name that a live pipeline of any account has, not only of the caller\'s (a name index without the account in it): the refusal tells the caller that another account has a pipeline of that name' },
  'a-pipeline-list-cache-ignores-account': { clause: 'X-ISO-1', description: 'GET /pipelines without include_archived is cached for a second under its page and page size only: an account listing right after another is served the other\'s list' },
  'a-stop-by-name-every-account': { clause: 'X-ISO-1', description: 'stopping a pipeline (or DELETE of a deployed one) also stops every other deployed pipeline of the same name, in any account (a runtime that addresses deployments by name)' },
  'a-head-foreign-pipeline-200': { clause: 'A-ENUM-1', description: 'HEAD /pipelines/{id} is answered from an id index of every account: 200 for another account\'s pipeline, 404 for an absent one' },
  'a-cross-account-pipelines': { clause: 'A-ENUM-1', description: 'another account\'s pipeline is found like an own one: it can be read, changed and archived' },
} as const satisfies Record<string, { clause: string; description: string }>;

export type FaultName = keyof typeof faultCatalog;

export const FAULT_NAMES = Object.keys(faultCatalog) as FaultName[];

export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(faultCatalog, name);
}

/** The set of faults switched on for one simulator instance. */
export class Faults {
  private readonly active: Set<FaultName>;
  /** Counts changes of the set, so that a cache of presented bytes can tell it changed (jobs/wire.ts). */
  private changes = 0;

  constructor(names: Iterable<FaultName> = []) {
    this.active = new Set(names);
  }

  has(name: FaultName): boolean {
    return this.active.has(name);
  }

  list(): FaultName[] {
    return [...this.active];
  }

  set(names: Iterable<FaultName>): void {
    this.active.clear();
    for (const n of names) this.active.add(n);
    this.changes++;
  }

  /** How many times the set has been replaced: equal numbers mean the same faults. */
  get version(): number {
    return this.changes;
  }
}
