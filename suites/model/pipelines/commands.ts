import fc from 'fast-check';
import { describeResponse } from '../../lib/expect.ts';
import { withFreshName } from '../../lib/unique-names.ts';
import { archiveOnCleanup, historyOf, showTransitions } from '../../lib/factories/pipelines.ts';
import { documentBody, type DocumentFormat } from '../../lib/documents.ts';
import { createdId, isObject, type JsonObject } from '../../lib/answers.ts';
import { validDefinition, type Document } from '../../lib/arbitraries/definitions.ts';
import type { CheckContext, Exchange } from '../../lib/types.ts';
import { archive, created, elapse, isDeployed, start, statusOf, stop, update, type ModelPipeline, type Outcome } from './model.ts';
import { aSend, pipelineState } from '../../catalog/a-requests.ts';

/**
 * Model-based commands for the pipeline lifecycle (fast-check `fc.commands` and
 * `fc.asyncModelRun`): create, start, stop, update (PATCH or PUT, changed or not), archive,
 * read and, with the control API, moving the simulator's clock. After every command the
 * pipeline is read back and compared with the model (model.ts): the status of the request,
 * the state, the deployed/archived timestamps' presence and, in the simulator profile, the
 * history of state changes.
 *
 * A mismatch on DELETE names A-PIPE-1 (deployed) or A-PIPE-2 (not deployed); any other, the
 * simulator's documented transitions, A-GAP-2.
 */

export interface LifecycleModel {
  pipelines: ModelPipeline[];
  /** Whether the simulator's clock may be moved (needs the control API). */
  clock: boolean;
}

export interface LifecycleReal {
  t: CheckContext;
  /** The last metadata read of each pipeline (pipeline id -> body). */
  seen: Map<number, JsonObject>;
  /** A counter for unique names and descriptions. */
  next(): number;
  /** The pipelines this sequence made, and those of them already archived (by the sequence or after it). */
  made: number[];
  archived: Set<number>;
}

type Command = fc.AsyncCommand<LifecycleModel, LifecycleReal>;

/** At most this many pipelines per sequence: enough for interleavings, few requests. */
export const MAX_PIPELINES = 3;

function pick(m: Readonly<LifecycleModel>, index: number): ModelPipeline {
  const p = m.pipelines[index % m.pipelines.length];
  if (!p) throw new Error('no pipeline to pick');
  return p;
}

function replace(m: LifecycleModel, next: ModelPipeline): void {
  m.pipelines = m.pipelines.map((p) => (p.id === next.id ? next : p));
}

/**
 * Reads the pipeline and holds it against the model. After a DELETE (`must` names A-PIPE-1 or
 * A-PIPE-2) the must part comes first, on any target: the pipeline is archived, as the target
 * names its states (`interface_a.pipeline_states`); a read refused after the DELETE (the spec
 * does not say archived pipelines can be read) leaves that unseen outside the simulator profile.
 * Then the documented lifecycle, a convention (A-GAP-2): the simulator's own state names, fields and history in its
 * profile, the spec's three states as the target names them elsewhere. A difference there is
 * advisory outside the simulator profile and never stops the check of the must part.
 */
async function observe(r: LifecycleReal, expected: ModelPipeline, ruleClause: string, after: string): Promise<JsonObject> {
  const { t } = r;
  const must = ruleClause === 'A-PIPE-1' || ruleClause === 'A-PIPE-2' ? ruleClause : undefined;
  // The state names are the simulator's: elsewhere a mismatch is only a different convention.
  const clause = t.profile === 'simulator' ? ruleClause : 'A-GAP-2';
  const ex = await aSend(t, t.a(), 'pipelines.read', expected.id);
  if (must && ex.response.status >= 400 && ex.response.status < 500) {
    // Reading an archived pipeline is not in the spec: 404, 410 or 403 are the target's to choose
    // (a-pipe's checks say the same). The archive is then not seen, and the model ends here. The
    // simulator's convention keeps it readable (a gap, A-GAP-1), binding in its profile.
    if (t.profile === 'simulator') t.expect.status(ex, 200, 'A-GAP-1', `reading pipeline ${expected.id} after ${after} answered ${ex.response.status}: the simulator's convention (docs/interface-a.md) keeps archived pipelines readable`);
    t.partial(must, `reading pipeline ${expected.id} after ${after} answered ${ex.response.status}, so it was not seen archived: only the DELETE's answer was judged`);
    r.seen.delete(expected.id);
    return {};
  }
  t.expect.status(ex, 200, must ?? clause, `reading pipeline ${expected.id} after ${after} answered ${ex.response.status}`);
  const body = isObject(ex.json) ? ex.json : {};
  const state = pipelineState(t, body);
  if (must) {
    if (state.spec === undefined) t.partial(must, `after ${after} the pipeline's ${state.field} is ${JSON.stringify(state.name)}, which interface_a.pipeline_states maps to none of the spec's states`);
    else t.expect.that(state.spec === 'archived', { clause: must, message: `after ${after}, pipeline ${expected.id} is ${state.spec.replace('_', ' ')}, not archived`, expected: 'archived', received: `${state.field} ${JSON.stringify(state.name)}`, exchange: ex });
  }
  if (t.profile === 'simulator') {
    const deployed = isDeployed(expected);
    const want = { state: expected.state, status: statusOf(expected.state), deployed_at: deployed ? 'set' : null, archived_at: expected.state === 'archived' ? 'set' : null };
    const got = { state: body.state, status: body.status, deployed_at: body.deployed_at === null ? null : typeof body.deployed_at === 'string' ? 'set' : body.deployed_at, archived_at: body.archived_at === null ? null : typeof body.archived_at === 'string' ? 'set' : body.archived_at };
    t.expect.that(JSON.stringify(want) === JSON.stringify(got), {
      clause,
      message: `after ${after}, pipeline ${expected.id} is not in the documented state`,
      expected: JSON.stringify(want),
      received: JSON.stringify(got),
      exchange: ex,
    });
    const history = historyOf(body) ?? [];
    t.expect.that(showTransitions(history) === showTransitions(expected.history), {
      clause,
      message: `after ${after}, the history of pipeline ${expected.id} is not the documented one`,
      expected: showTransitions(expected.history),
      received: showTransitions(history),
      exchange: ex,
    });
  } else {
    t.expect.that(state.spec === statusOf(expected.state), {
      clause: 'A-GAP-2',
      message: `after ${after}, pipeline ${expected.id} is ${state.spec ?? `in a state the target document does not map (${state.field} ${JSON.stringify(state.name)})`}, where the documented lifecycle has ${statusOf(expected.state)}`,
      expected: statusOf(expected.state),
      received: `${state.field} ${JSON.stringify(state.name)}`,
      exchange: ex,
    });
  }
  r.seen.set(expected.id, body);
  return body;
}

function expectStatus(r: LifecycleReal, ex: Exchange, outcome: Outcome, clause: string, what: string): void {
  r.t.expect.that(ex.response.status === outcome.status, {
    clause,
    message: `${what} answered ${ex.response.status}, the documented answer is ${outcome.status}`,
    expected: `status ${outcome.status}`,
    received: describeResponse(ex),
    exchange: ex,
  });
}

class CreateCommand implements Command {
  constructor(
    readonly template: Document,
    readonly format: DocumentFormat,
  ) {}
  check(m: Readonly<LifecycleModel>): boolean {
    return m.pipelines.length < MAX_PIPELINES;
  }
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    // A fresh name on every run: replays while shrinking must not clash with earlier pipelines.
    const document = withFreshName(r.t, this.template, 'model');
    const ex = await aSend(r.t, r.t.a(), 'pipelines.create', documentBody(document, this.format));
    const id = createdId(ex);
    if (ex.response.status < 200 || ex.response.status >= 300 || typeof id !== 'number') throw new Error(`could not create a pipeline: ${describeResponse(ex)}`);
    // Archived when the sequence ends (`runSequence`); the cleanup is for a sequence cut short.
    archiveOnCleanup(r.t, 0, id, () => r.archived.has(id));
    r.made.push(id);
    const p = created(id, document);
    m.pipelines = [...m.pipelines, p];
    await observe(r, p, 'A-GAP-2', `POST /pipelines (${this.format})`);
  }
  toString(): string {
    return `create(${this.format})`;
  }
}

abstract class OnePipeline implements Command {
  constructor(readonly index: number) {}
  check(m: Readonly<LifecycleModel>): boolean {
    return m.pipelines.length > 0;
  }
  abstract run(m: LifecycleModel, r: LifecycleReal): Promise<void>;
  abstract toString(): string;
}

class StartCommand extends OnePipeline {
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    const p = pick(m, this.index);
    const outcome = start(p);
    const ex = await aSend(r.t, r.t.a(), 'pipelines.start', p.id);
    expectStatus(r, ex, outcome, 'A-GAP-2', `POST /pipelines/${p.id}/start of a pipeline in state ${p.state}`);
    replace(m, outcome.next);
    await observe(r, outcome.next, 'A-GAP-2', `starting a pipeline in state ${p.state}`);
  }
  toString(): string {
    return `start(#${this.index})`;
  }
}

class StopCommand extends OnePipeline {
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    const p = pick(m, this.index);
    const outcome = stop(p);
    const ex = await aSend(r.t, r.t.a(), 'pipelines.stop', p.id);
    expectStatus(r, ex, outcome, 'A-GAP-2', `POST /pipelines/${p.id}/stop of a pipeline in state ${p.state}`);
    replace(m, outcome.next);
    await observe(r, outcome.next, 'A-GAP-2', `stopping a pipeline in state ${p.state}`);
  }
  toString(): string {
    return `stop(#${this.index})`;
  }
}

class UpdateCommand extends OnePipeline {
  constructor(
    index: number,
    readonly via: 'PATCH' | 'PUT',
    readonly changed: boolean,
  ) {
    super(index);
  }
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    const p = pick(m, this.index);
    const description = this.changed ? `revision ${r.next()}` : undefined;
    const document = description === undefined ? p.document : { ...p.document, description };
    const outcome = update(p, document, this.changed);
    const before = r.seen.get(p.id);
    const ex =
      this.via === 'PUT'
        ? await aSend(r.t, r.t.a(), 'pipelines.replace', p.id, documentBody(document))
        : await aSend(r.t, r.t.a(), 'pipelines.update', p.id, { body: description === undefined ? {} : { description } });
    const what = `${this.via} /pipelines/${p.id} ${this.changed ? 'with a changed' : 'with the same'} definition of a pipeline in state ${p.state}`;
    expectStatus(r, ex, outcome, 'A-GAP-2', what);
    replace(m, outcome.next);
    const after = await observe(r, outcome.next, 'A-GAP-2', what);
    if (!this.changed && before) {
      r.t.expect.that(after.updated_at === before.updated_at, {
        clause: 'A-GAP-2',
        message: `${what} changed updated_at: an unchanged definition changes nothing`,
        expected: String(before.updated_at),
        received: String(after.updated_at),
        exchange: ex,
      });
    }
  }
  toString(): string {
    return `update(#${this.index}, ${this.via}, ${this.changed ? 'changed' : 'same'})`;
  }
}

class ArchiveCommand extends OnePipeline {
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    const p = pick(m, this.index);
    const outcome = archive(p);
    // The spec's two rules: a deployed pipeline (A-PIPE-1), one that is not (A-PIPE-2), as the
    // target showed it last (its own lifecycle may differ from the documented one, A-GAP-2).
    const seen = r.seen.get(p.id);
    const shown = seen ? pipelineState(r.t, seen).spec : undefined;
    const deployed = shown === undefined ? isDeployed(p) : shown === 'deployed';
    const archived = shown === undefined ? p.state === 'archived' : shown === 'archived';
    const clause = archived ? 'A-GAP-2' : deployed ? 'A-PIPE-1' : 'A-PIPE-2';
    const ex = await aSend(r.t, r.t.a(), 'pipelines.archive', p.id);
    if (ex.response.status >= 200 && ex.response.status < 300) r.archived.add(p.id);
    expectStatus(r, ex, outcome, clause, `DELETE /pipelines/${p.id} of a pipeline in state ${p.state}`);
    replace(m, outcome.next);
    await observe(r, outcome.next, clause, `DELETE of a pipeline in state ${p.state}`);
  }
  toString(): string {
    return `delete(#${this.index})`;
  }
}

class ReadCommand extends OnePipeline {
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    await observe(r, pick(m, this.index), 'A-GAP-2', 'a read');
  }
  toString(): string {
    return `read(#${this.index})`;
  }
}

/** Moves the simulator's clock, then reads every pipeline. */
class AdvanceCommand implements Command {
  constructor(readonly seconds: number) {}
  check(m: Readonly<LifecycleModel>): boolean {
    return m.clock && m.pipelines.length > 0;
  }
  async run(m: LifecycleModel, r: LifecycleReal): Promise<void> {
    await r.t.advanceClock(this.seconds * 1000);
    m.pipelines = m.pipelines.map((p) => elapse(p, this.seconds * 1000));
    for (const p of m.pipelines) await observe(r, p, 'A-GAP-2', `${this.seconds} s of simulator time in state ${p.state}`);
  }
  toString(): string {
    return `advance(${this.seconds}s)`;
  }
}

/**
 * The command arbitraries. Clock steps are 1 s (many needed to end an initial sync: a run has
 * few commands, so it never comes close) or 61 s (always ends it, whatever real time adds),
 * so the model never has to guess around the 60 s boundary.
 */
export function lifecycleCommands(clock: boolean): fc.Arbitrary<Iterable<Command>> {
  const index = fc.nat({ max: MAX_PIPELINES - 1 });
  const create = fc.tuple(validDefinition('placeholder'), fc.constantFrom<DocumentFormat>('json', 'yaml')).map(([doc, format]) => new CreateCommand(doc, format));
  const arbs: fc.Arbitrary<Command>[] = [
    // Twice: sequences need pipelines before anything else can happen.
    create,
    create,
    index.map((i) => new StartCommand(i)),
    index.map((i) => new StopCommand(i)),
    fc.tuple(index, fc.constantFrom<'PATCH' | 'PUT'>('PATCH', 'PUT'), fc.boolean()).map(([i, via, changed]) => new UpdateCommand(i, via, changed)),
    index.map((i) => new ArchiveCommand(i)),
    index.map((i) => new ReadCommand(i)),
  ];
  if (clock) arbs.push(fc.constantFrom(1, 61, 61, 300).map((s) => new AdvanceCommand(s)));
  // Every sequence starts with a pipeline, so no command is wasted on an empty model.
  return fc.tuple(create, fc.commands(arbs, { maxCommands: 12 })).map(([first, rest]) => [first, ...rest]);
}

/**
 * Fixed sequences that walk every documented transition once, run before the random ones so
 * that a few random runs cannot miss a transition.
 */
export function scenarios(template: Document, clock: boolean): Command[][] {
  const out: Command[][] = [
    [
      new CreateCommand(template, 'json'),
      new StartCommand(0),
      new StartCommand(0),
      new UpdateCommand(0, 'PATCH', true),
      new UpdateCommand(0, 'PUT', false),
      new StopCommand(0),
      new StopCommand(0),
      new UpdateCommand(0, 'PUT', true),
      new StartCommand(0),
      new ArchiveCommand(0),
      new ArchiveCommand(0),
      new StartCommand(0),
      new StopCommand(0),
      new UpdateCommand(0, 'PATCH', true),
      new ReadCommand(0),
    ],
    [new CreateCommand(template, 'yaml'), new UpdateCommand(0, 'PATCH', false), new ArchiveCommand(0), new UpdateCommand(0, 'PUT', true), new ReadCommand(0)],
  ];
  if (clock) {
    out.push([
      new CreateCommand(template, 'json'),
      new StartCommand(0),
      new AdvanceCommand(61),
      new UpdateCommand(0, 'PATCH', true),
      new AdvanceCommand(61),
      new StopCommand(0),
      new StartCommand(0),
      new AdvanceCommand(300),
      new ArchiveCommand(0),
    ]);
  }
  return out;
}

// Shared by every sequence of the process: names stay unique across sequences and replays.
let counter = 0;

/** One sequence against the target, with a fresh model. */
export async function runSequence(t: CheckContext, clock: boolean, commands: Iterable<Command>): Promise<void> {
  let real: LifecycleReal | undefined;
  const setup = () => {
    real = { t, seen: new Map<number, JsonObject>(), next: () => (counter = (counter + 1) % 1_000_000_000), made: [], archived: new Set<number>() };
    return { model: { pipelines: [], clock } as LifecycleModel, real };
  };
  try {
    await fc.asyncModelRun(setup, commands);
  } finally {
    if (real) await archiveLeft(real);
  }
}

/**
 * Archives what a sequence made and left live, as it ends: a check runs hundreds of sequences,
 * and their pipelines left to the end made its cleanup (and a Ctrl-C during it) hundreds of
 * requests long. A request refused now (the run interrupted) leaves the pipeline to its cleanup.
 */
async function archiveLeft(r: LifecycleReal): Promise<void> {
  for (const id of r.made) {
    if (r.archived.has(id)) continue;
    try {
      const ex = await aSend(r.t, r.t.a(), 'pipelines.archive', id);
      if (ex.response.status < 500) r.archived.add(id);
    } catch {
      return;
    }
  }
}
