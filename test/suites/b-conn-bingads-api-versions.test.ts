import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-CONN-3: the Bing Ads accounts read answers an array of objects. Mutation audit 28 found
 * b-conn/bingads-accounts reading it without any of the real service's parameters (the columns
 * read samples report types): a deployment whose older Bing Ads API versions (api_version 11 and
 * 12, another client behind the same read) answer that client's envelope passed. The check now
 * samples api_version 13, 12 and 11; a 4xx refusing a version it does not take is set aside.
 */
describeCheckCatches('b-conn/bingads-accounts against older API versions answered in their SOAP envelope', { check: 'b-conn/bingads-accounts', fault: 'b-bingads-accounts-old-version-envelope', clause: 'B-CONN-3', message: 'api_version=12: the body is not a JSON array' });
