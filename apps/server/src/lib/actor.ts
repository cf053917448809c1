import type { Role } from '@lyceum/shared/roles';
import type { AuthResponse } from '@lyceum/shared/auth';
import type { Language, SchoolLocale } from '@lyceum/shared/locale';

/**
 * Whose data a transaction may touch. Row-level security reads these settings; `company` scope is for
 * platform staff, who may read any school.
 */
export interface TenantContext {
  scope: 'school' | 'company';
  schoolId: string | null;
  userId: string;
}

/** The signed-in person behind a request, resolved from the session cookie on every request. */
export interface Actor {
  accountId: string;
  sessionId: string;
  kind: 'company' | 'school';
  /** company_staff.id or users.id */
  profileId: string;
  schoolId: string | null;
  role: Role;
  name: string;
  email: string;
  phone: string | null;
  profileImage: string | null;
  /** The person's own language (null: their school's). Filled from the session lookup. */
  language: Language | null;
  school: { name: string; logo: string | null; locale: SchoolLocale } | null;
  /** School users: false once the school's subscription lapsed (mid-session gate, issue 3). */
  subscriptionActive?: boolean;
  /** School users: the subscription in force is a trial (its daily changes are bounded, docs/security.md). */
  onTrial?: boolean;
  /** The session is the account's first (its sign-up or first sign-in); absent (false) for an API key. */
  firstVisit?: boolean;
  /** Set when the request authenticated with an API key instead of a session (issue 3). */
  apiKey?: { id: string; scopes: readonly ('read' | 'write')[] };
}

/** Who calls a public route (sign-in, sign-up, password reset): nobody yet, only where the request came from. */
export interface PublicActor {
  ip: string;
  userAgent?: string | undefined;
}

export function tenantOf(actor: Actor): TenantContext {
  return actor.kind === 'company'
    ? { scope: 'company', schoolId: null, userId: actor.profileId }
    : { scope: 'school', schoolId: actor.schoolId, userId: actor.profileId };
}

export function toAuthResponse(actor: Omit<Actor, 'accountId' | 'sessionId' | 'kind'>): AuthResponse {
  return {
    user: {
      id: actor.profileId,
      name: actor.name,
      email: actor.email,
      role: actor.role,
      schoolId: actor.schoolId,
      phone: actor.phone,
      profileImage: actor.profileImage,
      language: actor.language,
      firstVisit: actor.firstVisit ?? false,
    },
    school: actor.school && { name: actor.school.name, logo: actor.school.logo, locale: actor.school.locale },
  };
}
