import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * A fresh directory for a stand-in SPA build, named in WEB_DIST_DIR when this module is evaluated: import it before
 * anything that imports app.ts (which reads WEB_DIST_DIR on import).
 */
export const webDist = mkdtempSync(`${tmpdir()}/web-dist-`);
process.env.WEB_DIST_DIR = webDist;
