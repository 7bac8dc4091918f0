import { describe, expect, it } from 'vitest';
import { hookSignature } from './signature.ts';

// The worked examples of the README ("Webhooks: retries, waiting, signatures"): a receiver in any language checks itself against them.
describe('hook signatures, the README\'s worked examples', () => {
  const salt = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
  it('X-Hook-Signature: hex SHA-1 of id, event, url and salt', () => {
    expect(hookSignature('sha1-of-fields', { hookId: 42, event: 'job.completed', url: 'http://127.0.0.1:8080/hook', salt, body: 'ignored' })).toBe('cbd6e291a14cf1d34fd20a1d090a0d12bccee462');
  });
  it('X-Signature-256 (alt): sha256= hex HMAC-SHA256 of the body keyed with the salt', () => {
    expect(hookSignature('hmac-sha256-of-body', { hookId: 42, event: 'job.completed', url: 'x', salt, body: '{"id":17,"status":"completed"}' })).toBe('sha256=84bb2a52e9ce140ae436dc5088426e4be87b046531b83cd26201d921106e1ef8');
  });
});
