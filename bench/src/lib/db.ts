import pg from 'pg';

/** The database named in a postgres:// URL, and the same URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates `database` on the server of `adminUrl` when it does not exist yet; returns its URL. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, database);
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
