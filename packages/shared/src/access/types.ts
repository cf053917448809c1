import type { Role } from '../roles.ts';

/** Who may call a route: anyone, or the listed roles (per-object rules are the service's job). */
export type Access = 'public' | readonly Role[];
