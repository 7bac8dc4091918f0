import { describe, expect, it } from 'vitest';
import { parseMediaType } from './media-type.ts';

describe('a Content-Type read as a media type (RFC 9110 8.3.1)', () => {
  it.each([
    'application/vnd.service+json; version=2',
    'application/vnd.service+json; version=2;',
    'application/vnd.service+json;;version=2',
    'application/vnd.service+json;\tversion=2',
    'Application/Vnd.Service+JSON ; Version="2"',
    'application/vnd.service+json; version=2; ; charset=utf-8;',
  ])('%j is application/vnd.service+json with version 2', (header) => {
    const parsed = parseMediaType(header);
    expect(parsed.type).toBe('application/vnd.service+json');
    expect(parsed.parameters.version).toBe('2');
  });

  it.each(['', 'json', 'application/json; version', 'application/json; =2'])('refuses %j, which is no media type', (header) => {
    expect(() => parseMediaType(header)).toThrow();
  });
});
