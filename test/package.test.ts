import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The package as a dependency: `npm pack`, installed into an empty folder, runs `disco serve`,
 * `disco check` and the programmatic API there, with nothing from this checkout.
 */
describe('npm pack, installed in an empty folder', () => {
  let dir: string;
  let bin: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-pack-'));
    // Packed from a copy of the checkout: its build (prepack) then never appears in the checkout
    // while other tests start disco from the sources.
    const source = join(dir, 'source');
    await mkdir(source);
    for (const entry of ['api', 'bin', 'simulator', 'suites', 'reports', 'fixtures', 'docs', 'scripts', 'README.md', 'ARCHITECTURE.md', 'package.json', 'tsconfig.json']) await cp(join(ROOT, entry), join(source, entry), { recursive: true });
    await symlink(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
    const packed = await run('npm', ['pack', '--pack-destination', dir, '--json'], { cwd: source });
    const filename = (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename ?? '';
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
    // The dependencies come from npm's cache (filled by `npm ci` of this checkout) or the registry.
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, filename)], { cwd: dir, timeout: 180_000 });
    bin = join(dir, 'node_modules', '.bin', 'disco');
  }, 240_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('ships no tests and no test-only fixtures', async () => {
    const listed = await run('tar', ['-tzf', (await run('sh', ['-c', `ls ${dir}/disco-*.tgz`])).stdout.trim()]);
    const files = listed.stdout.split('\n').filter(Boolean);
    expect(files.filter((f) => /\.test\.(ts|mjs|js)$/.test(f) || f.includes('/testing/') || f.includes('test-support'))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package/bin/disco.mjs', 'package/api/index.mjs', 'package/fixtures/seed/default.json', 'package/README.md']));
  });

  it('runs disco check against its embedded simulator', async () => {
    const r = await run(bin, ['check', '--only', 'B-LIM', '--runs', '3', '--seed', '1', '--report-dir', join(dir, 'reports')], { cwd: dir });
    expect(r.stdout).toMatch(/^disco check: INCOMPLETE: \d+ checks against disco simulator \(embedded\).*\(only those of the checks left out of this run: exit 0\)/);
    expect(JSON.parse(await readFile(join(dir, 'reports', 'result.json'), 'utf8'))).toMatchObject({ exitCode: 0 });
  });

  it('runs disco serve, which answers and stops on SIGTERM', async () => {
    const target = join(dir, 'target.json');
    const child = spawn(bin, ['serve', '--port', '0', '--write-target', target], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // A failed assertion must not leave the server running after the test.
    onTestFinished(() => void child.kill('SIGKILL'));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('keys and fixture ids: written')) resolve();
      });
      child.once('exit', () => reject(new Error(`serve exited early: ${out}`)));
    });
    const { control_url, base_url, accounts } = JSON.parse(await readFile(target, 'utf8')) as { control_url: string; base_url: string; accounts: { account_id: string; api_key: string; pipeline_admin_key: string }[] };
    expect(((await (await fetch(`${control_url}/health`)).json()) as { ok: boolean }).ok).toBe(true);
    // What the bundled command line reads beside its compiled files, each from its own place: the
    // seed (the packages), the schemas (the OpenAPI document, the definition's), the yaml package.
    const account = accounts[0]!;
    const packages = await fetch(`${base_url}/${account.account_id}/api/packages`, { headers: { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${account.api_key}:`).toString('base64')}` } });
    expect(packages.status).toBe(200);
    expect(((await packages.json()) as unknown[]).length).toBeGreaterThan(0);
    const openapi = await fetch(`${control_url}/openapi.yaml`);
    expect(openapi.status).toBe(200);
    expect(await openapi.text()).toMatch(/^openapi: 3\.1\.0$/m);
    const bearer = { authorization: `Bearer ${account.pipeline_admin_key}` };
    const { items } = (await (await fetch(`${base_url}/api/public/v1/pipelines`, { headers: bearer })).json()) as { items: { id: string }[] };
    const definition = await fetch(`${base_url}/api/public/v1/pipelines/${items[0]!.id}/definition`, { headers: { ...bearer, accept: 'application/yaml' } });
    expect(definition.status).toBe(200);
    expect(definition.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(await definition.text()).toMatch(/^name: /m);
    const refused = await fetch(`${base_url}/api/public/v1/pipelines/validate`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: '{}' });
    expect([400, 422]).toContain(refused.status);
    expect(((await refused.json()) as { code: string }).code).toMatch(/^invalid_/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('runs disco serve -- COMMAND through the package\'s bin: the command finds the simulator and its document; its status is disco\'s', async () => {
    const script = `fetch(process.env.DISCO_BASE_URL + '/_disco/health').then((r) => process.exit(r.status === 200 && require('node:fs').existsSync(process.env.DISCO_TARGET) ? 7 : 1))`;
    const status = await run(bin, ['serve', '--port', '0', '--', process.execPath, '-e', script], { cwd: dir }).then(
      () => 0,
      (e: { code?: number }) => e.code,
    );
    expect(status).toBe(7);
  });

  it('ships compiled JavaScript and runs from it: nothing is compiled at start', async () => {
    const listed = (await run('tar', ['-tzf', (await run('sh', ['-c', `ls ${dir}/disco-*.tgz`])).stdout.trim()])).stdout;
    expect(listed).toContain('package/dist/bin/disco.js');
    expect(listed).toContain('package/dist/api/index.js');
    expect(listed).toContain('package/dist/fixtures/seed/default.json');
    // `disco serve` starts from one file (scripts/build.mjs): the command line's only relative
    // imports are the other commands, loaded when asked for.
    const cli = await readFile(join(dir, 'node_modules', 'disco', 'dist', 'bin', 'disco.js'), 'utf8');
    expect(cli.match(/\bfrom\s*["']\.\.?\/[^"']*["']/g) ?? []).toEqual([]);
    expect(cli).toContain('import("./commands/check.js")');
    expect(cli).toContain('disco serve: cannot write');
    // A checkout never keeps the build (postpack removes it): its CLI always runs the sources.
    expect(existsSync(join(ROOT, 'dist'))).toBe(false);
  });

  it('works under jest (ESM), which cannot take a module loader hook: the compiled entry needs none', async () => {
    await writeFile(join(dir, 'sim.test.mjs'), "import { startSimulator } from 'disco';\nlet sim;\nbeforeAll(async () => { sim = await startSimulator({ clock: 'frozen' }); });\nafterAll(() => sim.close());\ntest('the simulator answers', async () => {\n  expect((await sim.control.health()).ok).toBe(true);\n  const res = await fetch(`${sim.interfaceB()}/packages`, { headers: { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(sim.accounts[0].users[0].api_key + ':').toString('base64')}` } });\n  expect(res.status).toBe(200);\n});\n");
    const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const r = await run(process.execPath, ['--experimental-vm-modules', jest, '--rootDir', dir, '--testMatch', '**/sim.test.mjs', '--ci'], { cwd: dir, env: { ...process.env, NODE_NO_WARNINGS: '1' } }).catch((e: { stdout: string; stderr: string }) => e);
    expect(`${r.stdout}${r.stderr}`).toMatch(/Tests:\s+1 passed, 1 total/);
  });

  it('exports the programmatic API to plain JavaScript', async () => {
    await writeFile(join(dir, 'use.mjs'), "import { startSimulator } from 'disco';\nconst sim = await startSimulator();\nconst h = await sim.control.health();\nawait sim.close();\nconsole.log(JSON.stringify({ ok: h.ok, accounts: sim.accounts.length }));\n");
    const r = await run(process.execPath, ['use.mjs'], { cwd: dir });
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, accounts: 2 });
  });
});
