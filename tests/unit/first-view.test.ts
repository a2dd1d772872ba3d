import { afterEach, describe, expect, it } from 'vitest';
import { waitForFirstView } from '#lib/first-view';

function firstView(complete: boolean): HTMLImageElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML =
    '<div data-first-view><img fetchpriority="high" src="/media/banner/1.svg" alt="Banner"></div>';
  document.body.append(root);
  const picture = root.querySelector('img') as HTMLImageElement;
  Object.defineProperty(picture, 'complete', { value: complete });
  return picture;
}

/** Whether the promise has settled within `ms`. */
const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

afterEach(() => document.getElementById('root')?.remove());

describe('the app waits for the first view', () => {
  it('not at all when the page brought none', async () => {
    expect(await settledWithin(waitForFirstView(document, 5000), 100)).toBe(true);
  });

  it('not when its picture is already there', async () => {
    firstView(true);
    expect(await settledWithin(waitForFirstView(document, 5000), 100)).toBe(true);
  });

  it('until its picture has loaded', async () => {
    const picture = firstView(false);
    const waiting = waitForFirstView(document, 5000);
    expect(await settledWithin(waiting, 150)).toBe(false);
    picture.dispatchEvent(new Event('load'));
    expect(await settledWithin(waiting, 100)).toBe(true);
  });

  it('or failed', async () => {
    const picture = firstView(false);
    const waiting = waitForFirstView(document, 5000);
    picture.dispatchEvent(new Event('error'));
    expect(await settledWithin(waiting, 100)).toBe(true);
  });

  it('and never longer than the cap', async () => {
    firstView(false);
    const waiting = waitForFirstView(document, 200);
    expect(await settledWithin(waiting, 100)).toBe(false);
    expect(await settledWithin(waiting, 300)).toBe(true);
  });
});
