import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { installInteractionGuards } from './interaction-guards';

function touch(type: string, touches: number, timeStamp: number, on: EventTarget = document) {
  const e = new Event(type, { cancelable: true, bubbles: true }) as Event & { touches: unknown[] };
  Object.defineProperty(e, 'touches', { value: new Array(touches).fill({}) });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  on.dispatchEvent(e);
  return e;
}

describe('interaction guards', () => {
  let uninstall: () => void = () => {};
  afterEach(() => uninstall());

  it('disables the context menu', () => {
    uninstall = installInteractionGuards();
    const e = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
    document.body.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
  });

  it('blocks multi-touch gestures but not single touches', () => {
    uninstall = installInteractionGuards();
    expect(touch('touchstart', 2, 10).defaultPrevented).toBe(true);
    expect(touch('touchstart', 1, 20).defaultPrevented).toBe(false);
    expect(touch('touchmove', 2, 30).defaultPrevented).toBe(true);
    expect(touch('touchmove', 1, 40).defaultPrevented).toBe(false);
  });

  it('keeps zoom out of the viewport meta: pinch is stopped by touch-action on the root instead', () => {
    const html = readFileSync(`${process.cwd()}/apps/web/index.html`, 'utf8');
    const viewport = /<meta name="viewport" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(viewport).toBe('width=device-width, initial-scale=1.0');
    const css = readFileSync(`${process.cwd()}/apps/web/src/styles/global.css`, 'utf8');
    expect(css).toMatch(/touch-action: pan-x pan-y;/);
  });

  it('suppresses a second tap within 350 ms, not one after', () => {
    uninstall = installInteractionGuards();
    expect(touch('touchend', 0, 1000).defaultPrevented).toBe(false);
    expect(touch('touchend', 0, 1300).defaultPrevented).toBe(true);
    expect(touch('touchend', 0, 1700).defaultPrevented).toBe(false);
  });

  it('suppresses a quick second tap on the same button (its label included), not a first tap on another', () => {
    document.body.innerHTML =
      '<button id="skip"><span id="label">SKIP</span></button><button id="choose">Choose</button>';
    const [skip, label, choose] = ['skip', 'label', 'choose'].map((id) => document.getElementById(id)!);
    uninstall = installInteractionGuards();
    expect(touch('touchend', 0, 1000, skip).defaultPrevented).toBe(false);
    expect(touch('touchend', 0, 1100, label).defaultPrevented, 'the same button again').toBe(true);
    // SKIP's tap, then the button that appeared under the finger: a first tap there, within 350 ms.
    expect(touch('touchend', 0, 1200, choose).defaultPrevented, 'another button').toBe(false);
    expect(touch('touchend', 0, 1300, choose).defaultPrevented).toBe(true);
    document.body.innerHTML = '';
  });
});
