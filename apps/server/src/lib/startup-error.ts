/**
 * An operator's mistake found while starting (the port is taken, the data directory is held by another process or
 * may not be written): server.ts and cli.ts print its message, one line without a stack, and exit 1, as they do a
 * bad setting (README.md, "Configuration").
 */
export class StartupError extends Error {}
