import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createSimulator } from '../app.ts';
import { interfaceOf } from './which.ts';

describe('interfaceOf: which surface a path belongs to', () => {
  it.each([
    ['/_disco/health', 'control'],
    ['/_DISCO/health', 'control'],
    ['/_disco', 'control'],
    ['/api/public/v1', 'A'],
    ['/api/public/v1/', 'A'],
    ['/api/public/v1/pipelines/1', 'A'],
    ['/api/public/v2/pipelines', 'A'],
    ['/api/public/', 'A'],
    ['/api/public', 'B'],
    ['/api/publicx/v1', 'B'],
    ['/API/public/v1/pipelines', 'B'],
    ['/acme/api/jobs', 'B'],
    ['/', 'B'],
    ['', 'B'],
  ] as const)('%s is %s', (path, expected) => {
    expect(interfaceOf(path)).toBe(expected);
  });

  it('decides the error object as well as the router: an unknown path answers in its interface\'s shape', async () => {
    const app = createSimulator().app.callback();
    const a = await request(app).get('/api/public/v1/nowhere');
    expect(a.status).toBe(404);
    expect(typeof a.body.error).toBe('string');
    const b = await request(app).get('/api/public');
    expect(b.status).toBe(404);
    expect(typeof b.body.message).toBe('string');
    expect(b.body.error).toBeUndefined();
  });
});
