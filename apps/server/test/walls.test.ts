import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The walls of the server's shape (ADR 0009, docs/ARCHITECTURE.md, docs/CONVENTIONS.md): SQL only under src/db/,
 * each layer's forbidden imports (WALLS, one row per layer with why), outside gateways chosen only where a context
 * is built, no import cycles; and the web app free of server code. Each check reads the source as text, so it
 * fails the moment a file crosses a wall, before any reviewer has to notice.
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

/** One import of a file: the module it names, and whether the whole statement is `import type`/`export type`. */
interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every import of a file: static (`import … from`, `export … from`), bare (`import './x'`) and dynamic. */
function importsOf(file: string): Import[] {
  const text = code(file);
  return [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;'"`]*?\bfrom\s+['"]([^'"]+)['"]/gm)].map((m) => ({
      specifier: m[2]!,
      typeOnly: Boolean(m[1]),
    })),
    ...[...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => ({ specifier: m[1]!, typeOnly: false })),
    ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => ({ specifier: m[1]!, typeOnly: false })),
  ];
}

/**
 * Every relative import of `files` that lands in one of the `folders` of src/ ('http/', ...), type-only ones
 * included unless `types` is false.
 */
function importsInto(files: string[], folders: string[], types = true): string[] {
  return files.flatMap((f) =>
    importsOf(f)
      .filter((i) => i.specifier.startsWith('.') && (types || !i.typeOnly))
      .map((i) => rel(path.resolve(path.dirname(f), i.specifier)))
      .filter((target) => folders.some((folder) => target.startsWith(folder)))
      .map((target) => `${rel(f)} imports ${target}`),
  );
}

/**
 * The layers of src/ and what each must never import (docs/ARCHITECTURE.md, docs/CONVENTIONS.md). A request goes
 * http (plumbing) → routes → services → db/queries, and back through presenters; jobs call services; mail renders
 * and queues what services and jobs ask it to. `types: false` lets an `import type` through the wall: naming the
 * shape another layer hands over (the view a service returns and a presenter renders) calls nothing and is erased
 * from the build; a cycle, types included, is the cycle test's.
 */
interface Wall {
  /** The layer: the files under these folders of src/. */
  layer: string[];
  /** The folders of src/ it must never import. */
  never: string[];
  /** Whether an `import type` counts too. */
  types: boolean;
  why: string;
}

const WALLS: Wall[] = [
  {
    layer: ['services/', 'jobs/'],
    never: ['http/', 'routes/', 'sandbox/', 'presenters/'],
    types: true,
    why: 'the logic runs without HTTP (jobs, scripts, service-tier tests), never shaped by a reply, never on dev-only code',
  },
  {
    layer: ['db/'],
    never: ['services/', 'routes/', 'http/', 'sandbox/', 'presenters/', 'jobs/'],
    types: true,
    why: 'the database layer is the bottom: SQL, pools and transactions know nothing of what uses them',
  },
  {
    layer: ['routes/'],
    never: ['db/queries/'],
    types: false,
    why: 'routes go through services (auth → schema → service → presenter): a route reading a table skips their rules',
  },
  {
    layer: ['http/'],
    never: ['services/', 'routes/', 'presenters/', 'db/queries/', 'jobs/', 'sandbox/'],
    types: false,
    why:
      'http/ is the plumbing of the /api contract (envelope, CSRF, cookies, errors): what it asks of the shop (a ' +
      "session's member, the maintenance switch, a staff session) is handed in (routes/shop-lookups.ts)",
  },
  {
    layer: ['presenters/'],
    never: ['services/', 'jobs/'],
    types: false,
    why: 'presenters map what they are given to wire shapes, with no reads and no logic; a shared helper lives in core',
  },
  {
    layer: ['mail/'],
    never: ['services/', 'jobs/'],
    types: false,
    why: "mail renders and queues on its caller's transaction: services and jobs call it, never the other way",
  },
];

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

/** The web app (storefront and console): its code, build plugins and configuration; not its packages or output. */
const WEB = path.resolve(SRC, '../../web');
const SERVER = path.resolve(SRC, '..');

function webFiles(dir = WEB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist'].includes(e.name) ? [] : webFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** Whether an import of `file` reaches server code: the @oripa/server package, or a path into apps/server. */
const reachesServer = (file: string, specifier: string) =>
  /^@oripa\/server(\/|$)/.test(specifier) ||
  (specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(SERVER + path.sep)) ||
  specifier.includes('apps/server/');

function webImportsOfServer(files: string[]): string[] {
  return files.flatMap((f) =>
    importsOf(f)
      .filter((i) => reachesServer(f, i.specifier))
      .map((i) => `${path.relative(WEB, f)} imports ${i.specifier}`),
  );
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

  for (const wall of WALLS) {
    it(`keeps ${wall.layer.join(' and ')} from importing ${wall.never.join(', ')}`, () => {
      const layer = files.filter((f) => wall.layer.some((folder) => rel(f).startsWith(folder)));
      expect(layer.length, `no files under ${wall.layer.join(', ')}`).toBeGreaterThan(0);
      expect(importsInto(layer, wall.never, wall.types), wall.why).toEqual([]);
    });
  }

  it('chooses every outside gateway once, where a context is built (gateways.ts)', () => {
    // A factory called anywhere else picks a gateway behind the context's back, where no test can replace it.
    const FACTORY_CALL =
      /(?<!function\s)\b(createMailer|createGateway|createSmsGateway|createMessagingGateway|createMediaStorage|createPartnerGateways)\(/;
    expect(
      filesMatching(
        files.filter((f) => rel(f) !== 'gateways.ts'),
        FACTORY_CALL,
      ),
    ).toEqual([]);
    expect(filesMatching(files, FACTORY_CALL)).toHaveLength(1);
  });

  it('has no import cycles', () => {
    expect(findCycle(files)).toBeNull();
  });
});

describe('walls between the apps', () => {
  // npm links every workspace into node_modules, so '@oripa/server/src/db/queries/…' (or a path up into
  // apps/server) would resolve and typecheck from apps/web: only this test keeps the pages and the console on
  // the /api (src/api/<area>.ts) and on core. The web must not import the server's code, not even its types.
  it('keeps the web (storefront and console) from importing server code', () => {
    const files = webFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => importsOf(f).some((i) => i.specifier === '@oripa/core'))).toBe(true);
    expect(webImportsOfServer(files)).toEqual([]);
  });
});
