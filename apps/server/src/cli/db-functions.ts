import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionDrift } from '../db/functions.js';
import { findMigrationsFolder } from '../db/migrate.js';

/**
 * `npm run db:functions -w @ampere/server`: writes one migration with every function whose
 * source (`src/…/sql/<name>.sql`) differs from its latest definition in the migrations, as
 * drizzle-kit's custom migration (journal entry and snapshot included). Nothing to do: says so.
 */
const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = findMigrationsFolder();
const { changed, unsourced } = functionDrift(migrations, srcRoot);

if (unsourced.length > 0) {
  console.error(`functions with no source file under src/**/sql/: ${unsourced.join(', ')}`);
  process.exit(1);
}
if (changed.length === 0) {
  console.log('every function matches its source: no migration needed');
  process.exit(0);
}

const name = `functions_${changed.map((f) => f.name).join('_')}`.slice(0, 60);
const before = new Set(fs.readdirSync(migrations));
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], {
  cwd: path.dirname(migrations),
  stdio: 'inherit',
});
const created = fs.readdirSync(migrations).find((f) => f.endsWith('.sql') && !before.has(f));
if (!created) throw new Error('drizzle-kit wrote no migration');
const header = `-- Functions changed in their sources (${changed.map((f) => f.origin).join(', ')}).\n`;
fs.writeFileSync(
  path.join(migrations, created),
  header + changed.map((f) => `${f.text}\n`).join('--> statement-breakpoint\n'),
);
console.log(`wrote ${created}: ${changed.map((f) => f.name).join(', ')}`);
