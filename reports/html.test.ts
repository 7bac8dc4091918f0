import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAUSES } from '../suites/clauses.ts';
import { renderReports } from './write.ts';
import { sampleReport, SAMPLE_SECRET } from './testing/sample-report.ts';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);

describe.skipIf(!present)(`HTML report in headless Chromium${present ? '' : ' (SKIPPED: /usr/bin/chromium is missing; run scripts/ensure-chromium.sh)'}`, () => {
  let browser: Browser;
  let page: Page;
  let dir: string;
  const external: string[] = [];
  const html = renderReports(sampleReport(), { secrets: [SAMPLE_SECRET], suite: { name: 'disco', version: '0.1.0', commit: 'f'.repeat(40) }, reproduce: 'disco check --seed 42 --runs 25' }).files.html;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-html-'));
    const file = join(dir, 'report.html');
    await writeFile(file, html);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) external.push(r.url());
    });
    await page.goto(pathToFileURL(file).href);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('shows one matrix row per clause with its status', async () => {
    const rows = page.locator('table.matrix tr.clause');
    expect(await rows.count()).toBe(CLAUSES.length);
    await expect.poll(() => rows.filter({ visible: true }).count()).toBe(CLAUSES.length);
    const failRow = page.locator('#clause-B-LIM-2');
    expect(await failRow.isVisible()).toBe(true);
    expect(await failRow.locator('.badge').innerText()).toBe('fail');
    expect(await page.locator('#clause-A-AUTH-4 .reasons').innerText()).toContain('control API');
  });

  it('filters the matrix by status', async () => {
    await page.click('.filters button[data-filter="fail"]');
    const visible = page.locator('table.matrix tr.clause').filter({ visible: true });
    expect(await visible.evaluateAll((rows) => rows.map((r) => r.id))).toEqual(['clause-B-LIM-2']);
    // The sample is a spec-profile run: the gap clause's difference is advisory, never a failure.
    await page.click('.filters button[data-filter="advisory"]');
    expect(await visible.evaluateAll((rows) => rows.map((r) => r.id))).toEqual(['clause-B-GAP-3']);
    await page.click('.filters button[data-filter="not-verified"]');
    expect(await visible.count()).toBeGreaterThan(10);
    await page.click('.filters button[data-filter="all"]');
    expect(await visible.count()).toBe(CLAUSES.length);
  });

  it('shows a failure with expected/received, the redacted exchange and a visible curl command', async () => {
    const card = page.locator('#failure-b-lim_page-size');
    expect(await card.isVisible()).toBe(true);
    const text = await card.innerText();
    expect(text).toContain('at most 100 items');
    expect(text).toContain('authorization: Basic [REDACTED]');
    const curl = card.locator('code.curl');
    expect(await curl.isVisible()).toBe(true);
    expect(await curl.innerText()).toContain("curl -i -X GET 'http://127.0.0.1:4010/disco-one/api/invoices?limit=150'");
    expect(await page.content()).not.toContain(SAMPLE_SECRET);
  });

  it('loads nothing from outside the file and takes a screenshot', async () => {
    expect(external).toEqual([]);
    await page.screenshot({ path: '/tmp/disco-report.png', fullPage: false });
    await page.locator('#failures').screenshot({ path: '/tmp/disco-report-failure.png' });
  });
});
