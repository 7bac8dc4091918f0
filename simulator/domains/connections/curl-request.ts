import { checkFailed, invalidField } from '../../http/errors.ts';
import type { AccountState } from '../../store.ts';
import type { MetadataParams } from './metadata-params.ts';
import { isUnreachableHost } from './model.ts';

/**
 * The docs' `curl` pseudo-type (sections/test-connection.md, validate-connection.md): a client
 * asks the service to make an HTTP request for it, `POST /connections/curl/test` or `/validate`
 * with the request's `url`, `method`, headers and credentials. The simulator never makes it: a
 * fake backend that fetched whatever URL it was given would reach into its user's network. It
 * checks the request as the docs give it and answers `true`; a host under the reserved `.invalid`
 * domain (RFC 2606), which never resolves, fails as a connection test does, so a client can try
 * its failure path.
 */

const METHODS = ['GET', 'POST'];
const RESPONSE_TYPES = ['raw', 'json', 'array', 'line_delimited_json', 'line_delimited_data'];

export function checkCurlRequest(account: AccountState, params: MetadataParams): true {
  const url = params.text('url');
  if (url === undefined || url.trim() === '') throw invalidField('url', 'is required: the URL to request');
  const target = URL.canParse(url) ? new URL(url) : null;
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) throw invalidField('url', 'must be an absolute http or https URL');
  const method = params.text('method');
  if (method !== undefined && !METHODS.includes(method.toUpperCase())) throw invalidField('method', 'must be GET or POST');
  const responseType = params.text('response_type');
  if (responseType !== undefined && !RESPONSE_TYPES.includes(responseType)) throw invalidField('response_type', `must be one of ${RESPONSE_TYPES.join(', ')}`);
  params.rows('lines');
  for (const name of ['username', 'password', 'body']) params.text(name);
  params.strings('headers');
  checkConnectionRef(account, params);
  if (isUnreachableHost(target.hostname)) throw checkFailed('url', `${target.hostname} could not be reached: the request failed`);
  return true;
}

/** `connection_id` (with `connection_type`, if given) may name a connection of the account whose credentials the request uses. */
function checkConnectionRef(account: AccountState, params: MetadataParams): void {
  const id = params.text('connection_id');
  const type = params.text('connection_type');
  if (id === undefined || id === '') return;
  const connection = /^[1-9]\d{0,15}$/.test(id) ? account.connections.get(Number(id)) : undefined;
  if (!connection || (type !== undefined && type !== '' && type !== connection.type)) {
    throw invalidField('connection_id', 'names no connection of this account (of connection_type, if given)');
  }
}
