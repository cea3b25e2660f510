import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@oripa/core/admin';

const dir = path.dirname(new URL(import.meta.url).pathname);
const labels = (lang: string) =>
  (JSON.parse(readFileSync(path.join(dir, lang, 'audit.json'), 'utf8')) as { actions: Record<string, string> }).actions;

// The server's withAudit and auditIn accept only AUDIT_ACTIONS (a compile error otherwise), so this covers every
// action written anywhere: none shows as a raw key in the console's log.
describe('audit action labels', () => {
  it.each(['ja', 'en'])('every audit action has a %s label, and no label is for an action never written', (lang) => {
    const l = labels(lang);
    expect(AUDIT_ACTIONS.filter((a) => !l[a]?.trim())).toEqual([]);
    expect(Object.keys(l).filter((k) => !(AUDIT_ACTIONS as readonly string[]).includes(k))).toEqual([]);
  });
});
