import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The walls of the server's shape (ADR 0009, docs/ARCHITECTURE.md): SQL only under src/db/, services free of
 * HTTP and sandbox code, routes free of SQL. Each check reads the source as text, so it fails the moment a file
 * crosses a wall, before any reviewer has to notice.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The code without its comments (line and block), so prose about SQL does not count as SQL. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** SQL statements as they appear in our code: upper-case keywords in the shapes a statement starts with. */
const SQL_TEXT =
  /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS\b|FOR\s+UPDATE|SKIP\s+LOCKED|ON\s+CONFLICT|SAVEPOINT\s+\w|pg_advisory)/;
const QUERY_CALL = /\.query\s*[<(]/;

/** Every file (path under src/) whose code matches `pattern`, with the first match. */
export function filesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((f) => {
    const m = pattern.exec(code(f));
    return m ? [`${rel(f)}: ${m[0]}`] : [];
  });
}

/** Every relative import of `files` that lands in one of the `folders` of src/ ('http/', ...). */
function importsInto(files: string[], folders: string[]): string[] {
  return files.flatMap((f) =>
    [...code(f).matchAll(/from\s+'(\.[^']+)'/g)]
      .map((m) => rel(path.resolve(path.dirname(f), m[1]!)))
      .filter((target) => folders.some((folder) => target.startsWith(folder)))
      .map((target) => `${rel(f)} imports ${target}`),
  );
}

/**
 * The relative imports of a file, type-only ones included (a type cycle ties two modules together as much), except
 * those of context.ts: every service takes the AppContext type, and the context declares the types of the
 * per-instance state those services own, by design.
 */
function relativeImports(file: string): string[] {
  return [...code(file).matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
}

/** One import cycle among `files` as a list of paths under src/, or null. */
export function findCycle(files: string[]): string[] | null {
  const graph = new Map(files.map((f) => [f, relativeImports(f).filter((t) => t !== f && rel(t) !== 'context.ts')]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 'done' || !graph.has(f)) return null;
    if (state.get(f) === 'open') return [...stack.slice(stack.indexOf(f)), f].map(rel);
    state.set(f, 'open');
    stack.push(f);
    for (const t of graph.get(f)!) {
      const cycle = visit(t);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of files) {
    const cycle = visit(f);
    if (cycle) return cycle;
  }
  return null;
}

describe('walls of the server', () => {
  const files = sourceFiles(SRC);
  const outsideDb = files.filter((f) => !rel(f).startsWith('db/'));

  it('sees the source tree', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(
      filesMatching(
        files.filter((f) => rel(f).startsWith('db/queries/')),
        SQL_TEXT,
      ).length,
    ).toBeGreaterThan(5);
  });

  it('keeps every SQL text under src/db/ (query modules per aggregate)', () => {
    expect(filesMatching(outsideDb, SQL_TEXT)).toEqual([]);
    expect(filesMatching(outsideDb, QUERY_CALL)).toEqual([]);
  });

  it('keeps services and jobs free of HTTP, presenters and the dev-only sandbox', () => {
    const lower = files.filter((f) => /^(services|jobs)\//.test(rel(f)));
    expect(importsInto(lower, ['http/', 'routes/', 'sandbox/', 'presenters/'])).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(findCycle(files)).toBeNull();
  });

  it('keeps the database layer below everything else', () => {
    const db = files.filter((f) => rel(f).startsWith('db/'));
    expect(importsInto(db, ['services/', 'routes/', 'http/', 'sandbox/', 'presenters/', 'jobs/'])).toEqual([]);
  });
});
