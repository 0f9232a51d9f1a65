import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Viewport } from './browser.ts';

/**
 * Saves a full-page screenshot as `<E2E_SHOTS>/<width>-<name>.png` when E2E_SHOTS names a folder,
 * so that a feature's screens can be looked at after a run; does nothing otherwise (CI).
 */
export async function saveShot(page: Page, vp: Viewport, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${vp.width}-${name}.png`), fullPage: true });
}
