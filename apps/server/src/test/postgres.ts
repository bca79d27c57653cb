import pg from 'pg';

/** `npm run test:pg` (AMPERE_TEST_DB=pg) runs the server's tests on PostgreSQL. */
export const usingPostgres = process.env.AMPERE_TEST_DB === 'pg';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement as the cluster's admin (creating and dropping test databases). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the test cluster. */
export function postgresUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
