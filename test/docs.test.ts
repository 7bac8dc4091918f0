import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkHelp } from '../bin/check/options.ts';
import { serveHelp } from '../bin/commands/serve.ts';
import { verifyCertHelp } from '../bin/commands/verify-cert.ts';
import { keygenHelp } from '../bin/commands/keygen.ts';
import { journalHelp } from '../bin/commands/journal.ts';
import { stateHelp } from '../bin/commands/state.ts';
import { FAULT_NAMES } from '../simulator/faults.ts';
import { ChaosRules } from '../simulator/chaos/rules.ts';
import { parseYaml } from '../simulator/http/yaml.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The README's section under the heading that starts with `heading`, up to the next heading of its level or above. */
function section(text: string, heading: string): string {
  const start = text.indexOf(heading);
  if (start === -1) return '';
  const level = /^#+/.exec(heading)?.[0] ?? '#';
  const rest = text.slice(start + heading.length);
  const end = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return end === -1 ? rest : rest.slice(0, end);
}

/** The `--options` a command's help text names. */
function optionsIn(help: string): string[] {
  return [...new Set(help.match(/--[a-z][a-z-]*/g) ?? [])];
}

describe('the README documents every option of the command line', () => {
  it.each([
    ['### `disco check`', checkHelp],
    ['### `disco serve`', serveHelp],
    ['#### Certification', `${verifyCertHelp}\n${keygenHelp}`],
    ['#### The request journal', journalHelp],
    ['#### Surviving a restart', stateHelp],
  ])('%s: every option its --help names', (heading, help) => {
    const text = section(README, heading);
    expect(text.length, `no README section ${heading}`).toBeGreaterThan(100);
    expect(optionsIn(help).filter((option) => !new RegExp(`${option}(?![a-z-])`).test(text))).toEqual([]);
  });
});

describe('docs/interface-a.md documents every interface A fault', () => {
  it('lists each a-* fault of simulator/faults.ts in its fault table', () => {
    const doc = readFileSync(new URL('../docs/interface-a.md', import.meta.url), 'utf8');
    expect(FAULT_NAMES.filter((f) => f.startsWith('a-') && !doc.includes(`| \`${f}\` |`))).toEqual([]);
  });
});

describe("the README's chaos rules example", () => {
  it('is a rules file the simulator takes, every rule of it', () => {
    const block = /```yaml\n(# chaos\.yaml[^\n]*\n[\s\S]*?)```/.exec(README)?.[1];
    expect(block, 'no chaos.yaml example in the README').toBeDefined();
    const { rules } = parseYaml(block ?? '') as { rules: unknown[] };
    expect(rules.length).toBeGreaterThan(5);
    expect(new ChaosRules().addAll(rules)).toMatchObject({ rules: expect.any(Array) });
  });
});
