import { describe, expect, it } from 'vitest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { makeWorld, startJob } from './test-support.ts';
import { PREVIEW_LINES } from './outputs.ts';

/**
 * The real service's output preview (its API docs, sections/preview-output.md): every output of
 * a completed job names its `preview_url`, which answers `{preview, url}`, up to 100 raw lines.
 */

interface Output {
  id: number;
  preview_url: string;
  component: { fields: string[] };
}

const pathOf = (url: string) => new URL(url).pathname.replace(/^\/[^/]+\/api/, '');

describe('GET /jobs/{id}/outputs/{output_id}/preview (extension)', () => {
  it("answers each output's preview at its preview_url: up to 100 lines of its fields, tab-separated, the same at every read", async () => {
    const world = makeWorld();
    const job = await startJob(world);
    world.advance(40);
    const read = (await world.owner.get(`/jobs/${job.id}`).expect(200)).body as { outputs: Output[] };
    expect(validateResource('job', read)).toEqual([]);
    expect(read.outputs.length).toBeGreaterThan(0);
    for (const output of read.outputs) {
      const res = await world.owner.get(pathOf(output.preview_url)).expect(200);
      const body = res.body as { preview: string; url: string };
      expect(body.url).toBe(output.preview_url);
      const lines = body.preview.split('\n');
      expect(lines.length).toBe(PREVIEW_LINES);
      for (const line of lines) expect(line.split('\t').length).toBe(output.component.fields.length);
      expect((await world.owner.get(pathOf(output.preview_url)).expect(200)).body).toEqual(body);
    }
  });

  it("answers 404 for an output of a job not completed, another job's output, another account's job, and ids that are none", async () => {
    const world = makeWorld();
    const done = await startJob(world);
    world.advance(40);
    const running = await startJob(world);
    const output = ((await world.owner.get(`/jobs/${done.id}`).expect(200)).body as { outputs: Output[] }).outputs[0]!;
    const notFound = { message: 'Item not found.' };
    await world.owner.get(`/jobs/${running.id}/outputs/${running.id * 100 + 1}/preview`).expect(404, notFound);
    await world.owner.get(`/jobs/${running.id}/outputs/${output.id}/preview`).expect(404, notFound);
    await world.stranger.get(`/jobs/${done.id}/outputs/${output.id}/preview`).expect(404, notFound);
    await world.owner.get(`/jobs/${done.id}/outputs/x/preview`).expect(404, notFound);
    await world.owner.get(`/jobs/${done.id}/outputs/${output.id + 50}/preview`).expect(404, notFound);
  });
});
