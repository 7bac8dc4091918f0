import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-4: an expired key does not authenticate. The twenty-seventh mutation audit found every
 * key the checks made with an expiry made to expire ahead: a deployment that takes an expiry
 * already past and enforces expiry through a cache TTL of `expires_at - now`, set only where
 * that is positive, keeps such a key working for ever. a-keys/expiry-in-real-time now makes one
 * key with an expiry an hour past; where the target makes it, it must be refused at once.
 */
describeCheckCatches('a-keys/expiry-in-real-time against a deployment that never expires a key made already expired', { check: 'a-keys/expiry-in-real-time', fault: 'a-past-expiry-never-enforced', clause: 'A-AUTH-4', message: 'an hour before the target\'s time' });
