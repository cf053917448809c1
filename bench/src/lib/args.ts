/** `--name value`, `--name=value` and bare `--flag` (true). Numbers are parsed by the caller. */
export function parseArgs(argv: string[] = process.argv.slice(2)): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith('--'))
      out.set(a.slice(2), argv[++i] as string);
    else out.set(a.slice(2), true);
  }
  return out;
}

export function numberArg(args: Map<string, string | true>, name: string, fallback: number): number {
  const v = args.get(name);
  if (v === undefined || v === true) return fallback;
  const n = Number(String(v).replace(/_/g, ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${v}`);
  return n;
}
