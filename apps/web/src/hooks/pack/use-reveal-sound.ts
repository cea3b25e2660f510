import type { DrawnCard } from '@oripa/core';
import { useCallback, useRef, useState } from 'react';
import { cardTier } from '../../lib/pack/reveal-order';
import { hapticPattern, mayVibrate } from '../../lib/pack/reveal-haptics';

const KEY = 'revealSound';

function readPref(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * The reveal's optional effects: off on a first visit, then the member's last choice, remembered on the device. Tones
 * are synthesised with Web Audio (no sound files); a rank-S or rank-A card also vibrates where the device can, but
 * only with effects on and motion not reduced (see reveal-haptics).
 */
export function useRevealSound({ reducedMotion }: { reducedMotion: boolean }) {
  const [on, setOn] = useState(readPref);
  const ctx = useRef<AudioContext | null>(null);
  const toggle = useCallback(() => {
    setOn((v) => {
      try {
        localStorage.setItem(KEY, v ? 'off' : 'on');
      } catch {
        /* private mode: only for this visit */
      }
      return !v;
    });
  }, []);
  const tone = useCallback(
    (freqs: number[], step = 0.09) => {
      if (!on) return;
      const AC = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!AC) return;
      const ac = (ctx.current ??= new AC());
      const t0 = ac.currentTime;
      freqs.forEach((f, i) => {
        const osc = ac.createOscillator();
        const gain = ac.createGain();
        osc.type = 'triangle';
        osc.frequency.value = f;
        gain.gain.setValueAtTime(0.0001, t0 + i * step);
        gain.gain.exponentialRampToValueAtTime(0.18, t0 + i * step + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + i * step + 0.35);
        osc.connect(gain).connect(ac.destination);
        osc.start(t0 + i * step);
        osc.stop(t0 + i * step + 0.4);
      });
    },
    [on],
  );
  /** A card turned over: a soft tick, or a rising chord for a hit (tier 2 and up); a buzz for rank S and A. */
  const cardShown = useCallback(
    (card: Pick<DrawnCard, 'rank' | 'rarity'>) => {
      const tier = cardTier(card);
      if (tier >= 2) tone(tier >= 3 ? [523, 659, 784, 1047] : [523, 659, 784]);
      else tone([660]);
      const pattern = hapticPattern(card);
      if (pattern && mayVibrate({ effectsOn: on, reducedMotion })) navigator.vibrate(pattern);
    },
    [tone, on, reducedMotion],
  );
  return { on, toggle, cardShown };
}
