import { StartupError } from './startup-error.ts';

/**
 * Why the server or the CLI could not use the PostgreSQL server in DATABASE_URL, in one line for the operator
 * (README.md, "Configuration"), or undefined for anything else (which keeps its stack: that is a bug). The
 * password is never part of it.
 */
export function databaseProblem(err: unknown, url: string): string | undefined {
  const where = describeDatabaseUrl(url);
  const { code, message } = rootCause(err);
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot reach PostgreSQL at ${where.server} (connection refused): check DATABASE_URL, and that PostgreSQL is running there.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Cannot reach PostgreSQL: the host ${where.host} in DATABASE_URL does not resolve.`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Cannot reach PostgreSQL at ${where.server} (${code}): check DATABASE_URL and the network between them.`;
    case 'ENOENT':
      return `Cannot reach PostgreSQL through the socket in ${where.host}: check DATABASE_URL, and that PostgreSQL is running there.`;
    case '3D000':
      return `The database ${where.database} does not exist on ${where.server}: create it (README.md, "Running on a PostgreSQL server") or fix DATABASE_URL.`;
    case '28000':
    case '28P01':
      return `PostgreSQL at ${where.server} refused the user ${where.user} (${message}): check DATABASE_URL.`;
    case '42501':
      if (/lyceum_app/.test(message)) {
        return (
          `The user ${where.user} in DATABASE_URL is not a member of lyceum_app: as a database administrator run ` +
          `GRANT lyceum_app TO ${where.user}; (README.md, "Running on a PostgreSQL server").`
        );
      }
      return undefined;
    default:
      return undefined;
  }
}

/** `err` as a StartupError when databaseProblem knows it, else `err` itself. */
export function asDatabaseStartupError(err: unknown, url: string): unknown {
  const problem = databaseProblem(err, url);
  return problem ? new StartupError(problem) : err;
}

/** The innermost error: drizzle wraps the driver's error (`cause`), which names what PostgreSQL said. */
function rootCause(err: unknown): { code?: string; message: string } {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string') return { code: e.code, message: String(e.message ?? '') };
    e = e.cause as typeof e;
  }
  return { message: '' };
}

/** The server (host:port, or a Unix socket's directory), database and user a DATABASE_URL names; never its password. */
export function describeDatabaseUrl(url: string): { server: string; host: string; database: string; user: string } {
  try {
    const u = new URL(url);
    // A Unix socket is named by ?host=/dir (README.md, "Running on a PostgreSQL server").
    const host = u.searchParams.get('host') || decodeURIComponent(u.hostname) || 'localhost';
    const server = host.startsWith('/') ? host : `${host}:${u.port || '5432'}`;
    const user = decodeURIComponent(u.username) || 'of DATABASE_URL';
    return { server, host, database: decodeURIComponent(u.pathname.slice(1)) || user, user };
  } catch {
    return { server: 'DATABASE_URL', host: 'of DATABASE_URL', database: 'of DATABASE_URL', user: 'of DATABASE_URL' };
  }
}
