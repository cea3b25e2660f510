import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loopJump, realIndex, trackSlides } from './carousel-loop';

describe('carousel loop maths', () => {
  it('renders a clone of the last slide first and of the first slide last', () => {
    const t = trackSlides(['a', 'b', 'c']);
    expect(t.map((s) => `${s.item}${s.clone ? '*' : ''}`)).toEqual(['c*', 'a', 'b', 'c', 'a*']);
    expect(trackSlides(['only']).map((s) => s.clone)).toEqual([false]);
  });

  it('maps every track position to the slide it shows, and jumps from clones to that same slide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 13 }), (count, raw) => {
        const pos = raw % (count + 2);
        const shown = trackSlides(Array.from({ length: count }, (_, i) => i))[pos]!.item;
        expect(realIndex(pos, count)).toBe(shown);
        const jump = loopJump(pos, count);
        if (pos === 0 || pos === count + 1) expect(realIndex(jump!, count)).toBe(shown);
        else expect(jump).toBeNull();
      }),
    );
  });
});
