/**
 * Email addresses as the simulator accepts them: an ASCII `local@domain` address, the form every
 * mail system delivers to. It is deliberately a subset of the schema's `email` format, so a
 * stored address always validates against fixtures/schemas/user.json. Quoted local parts,
 * IP-literal domains and internationalised addresses are refused: the real service's sign-up
 * forms refuse them too, and a fake that accepts more than the real thing hides client bugs.
 */
export const MAX_ADDRESS = 254; // RFC 5321 path limit, minus the angle brackets
const MAX_LOCAL = 64;
const MAX_LABEL = 63;
const LOCAL_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
// A top-level domain is letters (or an IDNA `xn--` label); all-numeric ones would be an IP.
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_ADDRESS) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > MAX_LOCAL || !local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL && LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1] ?? '');
}
