import { useCallback, useRef, useState } from 'react';

const KEY = 'revealSound';

function readPref(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * The reveal's optional sound: off by default, the choice remembered on the device. Tones are synthesised with Web
 * Audio (no sound files); a hit also vibrates where the device can (navigator.vibrate), sound on or off.
 */
export function useRevealSound() {
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
  /** A card turned over: a soft tick; a hit (tier 2 and up): a rising chord and a vibration. */
  const flip = useCallback(() => tone([660]), [tone]);
  const hit = useCallback(
    (tier: number) => {
      tone(tier >= 3 ? [523, 659, 784, 1047] : [523, 659, 784]);
      navigator.vibrate?.(tier >= 3 ? [120, 60, 200] : [80, 40, 80]);
    },
    [tone],
  );
  return { on, toggle, flip, hit };
}
