// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eagerModuleWrappers } from '../build/eager-module-wrappers';

// The build step that has V8 compile big module wrappers with their chunk (apps/web/build/eager-module-wrappers.ts,
// ADR 0061): which wrappers it rewrites, and that a rewritten chunk computes what the original did.

/** A module body long enough to be rewritten: `lines` statements that each add to the module's exports. */
const body = (lines = 300) =>
  Array.from({ length: lines }, (_, i) => `t.exports.total=(t.exports.total||0)+${i};`).join('');
/** Rolldown's CommonJS helper, as its runtime chunk defines it. */
const HELPER = 'var e=(n,m)=>()=>(m||(n((m={exports:{}}).exports,m,m.exports),n=null),m.exports);';

/** Runs `chunk` (a script defining `a`, a wrapped module) and returns that module's exports. */
const exportsOf = (chunk: string) => new Function(`"use strict";${HELPER}${chunk};return a();`)() as unknown;

describe('eagerModuleWrappers', () => {
  it('writes a big wrapper as a parenthesized function that computes the same exports', () => {
    const chunk = `var a=e(((n,t)=>{${body()}}))`;
    const rewritten = eagerModuleWrappers(chunk);
    expect(rewritten.startsWith('var a=e((function(n,t){')).toBe(true);
    expect(rewritten).not.toContain('=>');
    expect(exportsOf(rewritten)).toEqual(exportsOf(chunk));
    expect(exportsOf(rewritten)).toEqual({ total: (299 * 300) / 2 });
  });

  it('adds the grouping parentheses V8 reads as "called soon" when the arrow has none', () => {
    const chunk = `var a=e((n,t)=>{${body()}}),b=e(async()=>{${body()}})`;
    const rewritten = eagerModuleWrappers(chunk);
    expect(rewritten.startsWith('var a=e((function(n,t){')).toBe(true);
    expect(rewritten).toContain(',b=e((async function(){');
    expect(exportsOf(rewritten)).toEqual(exportsOf(chunk));
  });

  it('keeps text with other alphabets in place (offsets are counted in UTF-16, as JavaScript strings are)', () => {
    const chunk = `var s="日本語のカード名";var a=e(((n,t)=>{t.exports.name=s;${body()}}))`;
    const rewritten = eagerModuleWrappers(chunk);
    expect(rewritten).toContain('var a=e((function(n,t){t.exports.name=s;');
    expect(exportsOf(rewritten)).toEqual(exportsOf(chunk));
  });

  it('leaves a wrapper that reads its own this or arguments: an arrow has its outer one', () => {
    for (const own of ['this.x=1;', 'arguments.length;', '(()=>this)();', 'if(n)(()=>arguments[0])();']) {
      const chunk = `var a=e(((n,t)=>{${own}${body()}}))`;
      expect(eagerModuleWrappers(chunk)).toBe(chunk);
    }
  });

  it('still rewrites a wrapper whose nested functions read their own this and arguments', () => {
    const chunk = `var a=e(((n,t)=>{t.exports.f=function(){return [this,arguments.length]};${body()}}))`;
    expect(eagerModuleWrappers(chunk)).toContain('var a=e((function(n,t){');
  });

  it('leaves small bodies, calls with other arguments, expression bodies and code that is not a top-level var', () => {
    const unchanged = [
      `var a=e(((n,t)=>{t.exports=1}))`,
      `var a=e(((n,t)=>{${body()}}),1)`,
      `var a=e((n)=>n+1)`,
      `function f(){var a=e(((n,t)=>{${body()}}));return a}`,
      `e(((n,t)=>{${body()}}))`,
    ];
    for (const chunk of unchanged) expect(eagerModuleWrappers(chunk)).toBe(chunk);
  });
});
