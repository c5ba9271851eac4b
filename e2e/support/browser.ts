import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './server-process.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');

/** Debian's Chromium, headless, with the network chatter this closed machine refuses turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The server of the worker running this spec (global-setup starts one per worker). */
export function baseURL(): string {
  const urls = inject('baseURLs');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(slot - 1) % urls.length] as string;
}

export function adminCredentials() {
  return { email: inject('adminEmail'), password: inject('adminPassword') };
}

export async function newContext(browser: Browser, width = 1400, height = 900): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height },
    reducedMotion: 'no-preference',
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** axe-core violations of serious or critical impact, as short strings for a readable failure. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs in through the API and plants the session the way the login page does. */
export async function apiLogin(email: string, password: string) {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { accessToken: string; user: Record<string, unknown> };
}
