import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/**
 * Writes the bundler's module wrappers as `(function (…) {…})` instead of `((…) => {…})` (issue 24, ADR 0061).
 *
 * Rolldown wraps each CommonJS module (React, React DOM, the scheduler) in `var x = __commonJSMin(((exports, module)
 * => { …the module… }))`, parenthesized so that V8 compiles it with the chunk instead of on its first call. Chromium
 * 156's V8 does so for a parenthesized `function`, but not for this arrow: React DOM's 200 kB wrapper was compiled on
 * the main thread when the app's code ran. Measured on a 2-core machine at 1x CPU, a page that only evaluates
 * react-dom/client: 69-110 ms in one task with the arrow, 38-48 ms with `function` (6 runs each).
 *
 * Only a top-level `var x = f(arrow)` with a block body of MIN_BODY characters or more is rewritten, and only when
 * nothing in it (outside nested functions) reads `this`, `arguments`, `new.target` or `super`: for such a body an
 * arrow and a function called as `f(…)` behave alike (a module is strict, so `this` is undefined in both).
 */
const MIN_BODY = 2000;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Whether `node` reads the `this`, `arguments`, `new.target` or `super` of the function it is in. */
function usesOwnReceiver(node: Node): boolean {
  if (node.type === 'ThisExpression' || node.type === 'Super') return true;
  if (node.type === 'MetaProperty' && (node.meta as { name?: string }).name === 'new') return true;
  if (node.type === 'Identifier' && node.name === 'arguments') return true;
  if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item) && usesOwnReceiver(item)) return true;
    } else if (isNode(value) && usesOwnReceiver(value)) return true;
  }
  return false;
}

/** The module wrappers of `code` written as parenthesized functions; `code` itself when it has none. */
export function eagerModuleWrappers(code: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of parseAst(code).body as unknown as Node[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) {
      const call = declarator.init;
      if (!isNode(call) || call.type !== 'CallExpression') continue;
      const args = call.arguments as Node[];
      const arrow = args[0];
      if (args.length !== 1 || !arrow || arrow.type !== 'ArrowFunctionExpression') continue;
      const body = arrow.body as Node;
      if (body.type !== 'BlockStatement' || body.end - body.start < MIN_BODY || usesOwnReceiver(body)) continue;
      const params = arrow.params as Node[];
      const list = params.length ? code.slice(params[0]!.start, params[params.length - 1]!.end) : '';
      const head = `${arrow.async ? 'async ' : ''}function(${list})`;
      // `f(((e) => {…}))`: a grouping paren inside the call's own, which V8 reads as "called soon".
      const parenthesized =
        code.slice((call.callee as Node).end, arrow.start).replace(/\s/g, '') === '((' &&
        code.slice(arrow.end, call.end).replace(/\s/g, '') === '))';
      edits.push({ start: arrow.start, end: body.start, text: parenthesized ? head : `(${head}` });
      if (!parenthesized) edits.push({ start: arrow.end, end: arrow.end, text: ')' });
    }
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** The client build's chunks, after minification (which would write the arrows back), through eagerModuleWrappers. */
export function eagerModuleWrappersPlugin(): Plugin {
  return {
    name: 'oripa:eager-module-wrappers',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = eagerModuleWrappers(chunk.code);
        }
      },
    },
  };
}
