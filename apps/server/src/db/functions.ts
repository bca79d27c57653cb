import fs from 'node:fs';
import path from 'node:path';

/**
 * The database's functions have one source each: `src/modules/<module>/sql/<name>.sql` (or
 * `src/db/sql/` for shared trigger helpers), holding `CREATE OR REPLACE FUNCTION <name>…`.
 * Migrations stay the history: `npm run db:functions -w @ampere/server` writes a migration with
 * every function whose source differs from its latest definition there, and functions.test.ts
 * fails while any differs. So a function is changed by editing its source, never by copying it
 * into a migration by hand.
 */
export interface FunctionDefinition {
  name: string;
  /** The statement, normalised (see `normaliseDefinition`). */
  text: string;
  /** Where it is defined: a migration's tag or a source file's path. */
  origin: string;
}

const CREATE_FUNCTION = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:public\.)?"?(\w+)"?\s*\(/i;
const DROP_FUNCTION = /^\s*DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(?:public\.)?"?(\w+)"?/gim;
const BREAKPOINT = '--> statement-breakpoint';

/**
 * Leading comment lines and blank lines dropped, `CREATE FUNCTION` written `CREATE OR REPLACE
 * FUNCTION`, trailing spaces and the final newline trimmed. Everything else — the body, its
 * comments, its layout — must match byte for byte.
 */
export function normaliseDefinition(statement: string): string {
  const lines = statement.replace(/\r\n/g, '\n').split('\n');
  while (lines.length > 0) {
    const first = (lines[0] ?? '').trim();
    if (first === '' || first.startsWith('--')) lines.shift();
    else break;
  }
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
    .replace(/^CREATE\s+FUNCTION\b/i, 'CREATE OR REPLACE FUNCTION');
}

/** The function a statement defines, if it is a CREATE FUNCTION. */
export function functionNameOf(statement: string): string | undefined {
  return CREATE_FUNCTION.exec(normaliseDefinition(statement))?.[1]?.toLowerCase();
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** Each function's latest definition in the migrations, applied in journal order (drops too). */
export function migrationFunctions(migrationsFolder: string): Map<string, FunctionDefinition> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const latest = new Map<string, FunctionDefinition>();
  for (const { tag } of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const sqlText = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
    for (const statement of sqlText.split(BREAKPOINT)) {
      const name = functionNameOf(statement);
      if (name) latest.set(name, { name, text: normaliseDefinition(statement), origin: tag });
      for (const dropped of statement.matchAll(DROP_FUNCTION))
        if (dropped[1]) latest.delete(dropped[1].toLowerCase());
    }
  }
  return latest;
}

function sqlFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sqlFilesUnder(full);
    return entry.name.endsWith('.sql') && path.basename(dir) === 'sql' ? [full] : [];
  });
}

/** Every function source under `srcRoot` (`…/sql/<name>.sql`), by name. */
export function sourceFunctions(srcRoot: string): Map<string, FunctionDefinition> {
  const sources = new Map<string, FunctionDefinition>();
  for (const file of sqlFilesUnder(srcRoot)) {
    const text = fs.readFileSync(file, 'utf8');
    const name = functionNameOf(text);
    const origin = path.relative(srcRoot, file);
    if (name !== path.basename(file, '.sql'))
      throw new Error(`${origin} must define exactly the function it is named after`);
    if (sources.has(name)) throw new Error(`${name} has two sources`);
    if (text.split(BREAKPOINT).length > 1)
      throw new Error(`${origin}: one function per file, no statement breakpoints`);
    sources.set(name, { name, text: normaliseDefinition(text), origin });
  }
  return sources;
}

export interface FunctionDrift {
  /** Sources that differ from (or are missing in) the migrations: a new migration is due. */
  changed: FunctionDefinition[];
  /** Functions the migrations define that have no source file. */
  unsourced: string[];
}

export function functionDrift(migrationsFolder: string, srcRoot: string): FunctionDrift {
  const defined = migrationFunctions(migrationsFolder);
  const sources = sourceFunctions(srcRoot);
  return {
    changed: [...sources.values()].filter((s) => defined.get(s.name)?.text !== s.text),
    unsourced: [...defined.keys()].filter((name) => !sources.has(name)).sort(),
  };
}

/** The body between a definition's dollar quotes: what PostgreSQL keeps as `pg_proc.prosrc`. */
export function functionBody(definition: string): string {
  const match = /AS\s+(\$\w*\$)([\s\S]*?)\1/i.exec(definition);
  if (!match?.[2]) throw new Error('no dollar-quoted body');
  return match[2];
}
