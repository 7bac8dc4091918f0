import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-ERR-1: every 401 and 404 body of interface A is a JSON object with a string `error`, whatever
 * the request's body was. The twenty-eighth mutation audit found the refused writes of the A-ERR-1
 * checks sent with JSON bodies only (the definition format of both conventions): a renderer that
 * answers errors in the format of the request's body, YAML for a YAML definition, passed in std
 * and alt. a-err/404-error-object-writes now sends the replace of an absent pipeline with a YAML
 * definition (with the key and without), and the create and validation with a YAML text without
 * a key, under application/yaml, application/x-yaml and text/yaml (4 more requests at seed 7).
 */
describeCheckCatches('a-err/404-error-object-writes against a renderer that answers YAML bodies in YAML', { check: 'a-err/404-error-object-writes', fault: 'a-error-yaml-for-yaml-bodies', clause: 'A-ERR-1', message: 'error object' });
