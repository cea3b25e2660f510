// Zod 4 builds each object schema with a probe `new Function('')` to see whether it may compile fast parsers; under
// the shop's CSP (no 'unsafe-eval') the browser reports that probe as a violation in the console even though zod
// catches the error. Jitless skips the probe and parses without compiled code. The probe runs when a schema is
// made, so main.tsx imports this module before anything that makes schemas (@oripa/core's run at import).
// Zod keeps its configuration on globalThis.__zod_globalConfig (what z.config writes); setting it here rather than
// importing zod keeps zod's core (3.6 kB brotli) out of the top page's first JavaScript. zod-jitless.test.ts fails
// if zod stops reading it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod holds, whether zod was loaded before this module or is loaded after it.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
