/** The eight roles (docs/product.md, "The eight roles"). Company roles are platform staff; school roles belong to one school. */
export const COMPANY_ROLES = ['company_admin', 'admin', 'company_user'] as const;
export const SCHOOL_ROLES = ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const;
export const ROLES = [...COMPANY_ROLES, ...SCHOOL_ROLES] as const;

export type CompanyRole = (typeof COMPANY_ROLES)[number];
export type SchoolRole = (typeof SCHOOL_ROLES)[number];
export type Role = (typeof ROLES)[number];

/** Roles that manage the platform (docs/product.md, "Who may do what"): only these change company data and read revenue and usage; company_user reads the company lists. */
export const PLATFORM_MANAGERS = ['company_admin', 'admin'] as const satisfies readonly CompanyRole[];

export const ROLE_LABELS: Record<Role, string> = {
  company_admin: 'Company Admin',
  admin: 'Admin',
  company_user: 'Company User',
  school_admin: 'School Admin',
  principal: 'Principal',
  teacher: 'Teacher',
  student: 'Student',
  parent: 'Parent',
};

export function isCompanyRole(role: string): role is CompanyRole {
  return (COMPANY_ROLES as readonly string[]).includes(role);
}

/** company_admin and admin change company data and read revenue and usage; company_user only reads the company lists. */
export function isPlatformManager(role: string | undefined): boolean {
  return role !== undefined && (PLATFORM_MANAGERS as readonly string[]).includes(role);
}

export function isSchoolRole(role: string): role is SchoolRole {
  return (SCHOOL_ROLES as readonly string[]).includes(role);
}
