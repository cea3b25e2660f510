import { afterEach, describe, expect, it } from 'vitest';
import { installInteractionGuards } from './interaction-guards';

function touch(type: string, touches: number, timeStamp: number) {
  const e = new Event(type, { cancelable: true, bubbles: true }) as Event & { touches: unknown[] };
  Object.defineProperty(e, 'touches', { value: new Array(touches).fill({}) });
  Object.defineProperty(e, 'timeStamp', { value: timeStamp });
  document.dispatchEvent(e);
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
  });

  it('suppresses a second tap within 350 ms, not one after', () => {
    uninstall = installInteractionGuards();
    expect(touch('touchend', 0, 1000).defaultPrevented).toBe(false);
    expect(touch('touchend', 0, 1300).defaultPrevented).toBe(true);
    expect(touch('touchend', 0, 1700).defaultPrevented).toBe(false);
  });
});
