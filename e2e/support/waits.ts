import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Resolves once the browser has painted two more frames. Use it after waiting for the thing that
 * proves the app has its answer (a response, a rendered list): by then React has committed what that
 * answer causes, including effects that set state, so an element absent now stays absent.
 */
export async function framesPainted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Waits until `locator` is visible and still: fully opaque, no CSS transition running on the page,
 * and the same box and markup over two painted frames (charts drawn by script included). For a
 * picture of a dialog or a chart that animates in, instead of sleeping for the animation's length.
 */
export async function untilStill(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
  await expect
    .poll(
      () =>
        locator.first().evaluate(
          (element) =>
            new Promise<boolean>((resolve) => {
              const snapshot = () => {
                const box = element.getBoundingClientRect();
                return [box.x, box.y, box.width, box.height, element.innerHTML].join('|');
              };
              const transitions = () =>
                document.getAnimations().filter((a) => a.playState === 'running' && 'transitionProperty' in a)
                  .length;
              const before = snapshot();
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  resolve(
                    snapshot() === before && transitions() === 0 && getComputedStyle(element).opacity === '1',
                  ),
                ),
              );
            }),
        ),
      { timeout, interval: 50 },
    )
    .toBe(true);
}
