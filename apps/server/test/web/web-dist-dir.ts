import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** A fresh directory for a test file's stand-in SPA build, given to buildApp as `webDist`. */
export const newWebDist = () => mkdtempSync(`${tmpdir()}/web-dist-`);
