import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-CONN-3: the Bing Ads accounts read answers an array of objects. b-conn/bingads-accounts
 * sampled the real service's api_version only, not its force_fetch and accounts (which load the
 * accounts' campaigns): the simulator's campaign ids were inside the range the run takes for
 * absent ids and halted it. With those ids moved (nine digits, below 10^9), the check also reads
 * force_fetch=true and the campaigns of one and of two of the accounts it listed (their ids taken
 * from the first answer); a 4xx refusing a parameter is set aside. A deployment answering either
 * in another shape passed before.
 */
describeCheckCatches('b-conn/bingads-accounts against force_fetch queued as a background job (202)', { check: 'b-conn/bingads-accounts', fault: 'b-bingads-accounts-force-fetch-queued', clause: 'B-CONN-3', message: 'force_fetch=true answered 202' });

describeCheckCatches("b-conn/bingads-accounts against the accounts asked for answered as the campaign loader's map by id", { check: 'b-conn/bingads-accounts', fault: 'b-bingads-accounts-asked-keyed', clause: 'B-CONN-3', message: /\?accounts=[0-9]+: the body is not a JSON array/ });
