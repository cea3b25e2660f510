/**
 * Makes a demo card set for a NEW fictional game, 星霊譚 / Starlore Tales, to try the bulk card import (issue 21 §5):
 * a CSV with the import's columns and a zip of one picture per card named by its model number (lib/card-set.ts).
 *
 *   npx tsx scripts/make-card-set.ts [--count 200] [--out /tmp/starlore] [--card-type 星霊譚]
 *
 * The card type must exist in the shop first (console → Content → Card types; its ID or name goes in card_type).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeCardSet } from './lib/card-set.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    out: { type: 'string', default: '/tmp/starlore' },
    'card-type': { type: 'string', default: '星霊譚' },
  },
});
const count = Math.max(1, Math.min(1000, Number(args.count)));
const out = args.out;

mkdirSync(out, { recursive: true });
const started = Date.now();
const { csv, zip } = await makeCardSet({ count, cardType: args['card-type'] });
writeFileSync(path.join(out, 'starlore.csv'), csv);
writeFileSync(path.join(out, 'starlore-pictures.zip'), zip);
console.log(
  `${count} cards: ${path.join(out, 'starlore.csv')} and ${path.join(out, 'starlore-pictures.zip')} ` +
    `(${(zip.length / 1024 / 1024).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
