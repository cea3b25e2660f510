/**
 * The reveal's beats, in one place for the components that keep them and the tests that step through them (the
 * rank-S journey holds the page's clock and moves it by these; e2e/reveal-hit.spec.ts). No imports: the browser
 * journeys load this file as it is.
 */
/** The built-in pack opening after the tap (PackOpening: shake, tear, burst of light), shorter under reduced motion. */
export const OPENING_MS = 2600;
export const OPENING_REDUCED_MS = 900;
/** From the opening's end to the first card turning (Reveal). */
export const FIRST_FLIP_MS = 500;
/** A beat of suspense before a rare card flips in the spotlight (Spotlight). */
export const SPOTLIGHT_TEASE_MS = 450;
