import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate` writes a new checked-in migration from the schema: shared tables in
 * src/db/schema.ts, and each module's own tables in src/modules/<module>/<module>.schema.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/modules/*/*.schema.ts', './src/modules/*/*/*.schema.ts'],
  out: './drizzle',
});
