import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-SCHEMA-1 for a package in another status: b-pkg/read reads an archived package the account
 * lists (B-PKG-1), and mutation audit 28 found that read judged for its id alone. A single read
 * built otherwise for an archived package (its dashboard link from a route helper that has no
 * page for it, answering nil) passed every check: the fixture package is active, and the lists
 * are built apart. The archived package's read is now held to section 2's package too.
 */
describeCheckCatches('b-pkg/read against an archived package read with html_url null', { check: 'b-pkg/read', fault: 'b-archived-package-html-url-null', clause: 'B-SCHEMA-1', message: 'does not match section 2' });
