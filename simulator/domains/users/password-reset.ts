import { invalidField } from '../../http/errors.ts';
import { isEmailAddress } from './email.ts';

/**
 * `POST /user_password` (the real docs' "Reset User Password", at the API's root): asks for
 * password reset instructions to be sent to `email`, and answers 201 with no body. The simulator
 * keeps no passwords and sends no email (as with invitations), so it checks the address and
 * changes nothing; it answers alike whether or not a user has the address, which tells a caller
 * nothing about who has an account. The journal shows the request to a test that looks for it.
 */
export function parsePasswordResetInput(body: Record<string, unknown>): { email: string } {
  const email = body.email;
  if (email === undefined || email === null) throw invalidField('email', 'is required');
  if (typeof email !== 'string' || !isEmailAddress(email)) throw invalidField('email', 'must be a valid email address');
  return { email };
}
