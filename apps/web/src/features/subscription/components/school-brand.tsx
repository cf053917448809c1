import type { SessionSchool } from '@lyceum/shared/auth';
import { PRODUCT_TITLE } from '@lyceum/shared/constants';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { useAuthContext } from '../../../lib/auth';
import { useBrandTheme } from '../../../lib/brand-theme';

/** The school's White Label brand, from the session (`GET /auth/me`); null without the add-on or when not asked. */
export function useSchoolBrand(enabled: boolean) {
  const auth = useAuthContext();
  return enabled ? (auth?.school?.brand ?? null) : null;
}

/**
 * White Label: with the add-on, the school's name, logo and colour replace the product's (the server sends
 * `brand` only then). Returns the school to show in the header, and themes the app while mounted.
 */
export function useBrandedSchool(school: SessionSchool | null): SessionSchool | null {
  const auth = useAuthContext();
  const isSchoolUser = Boolean(auth?.user?.schoolId);
  const brand = useSchoolBrand(isSchoolUser);
  useBrandTheme(brand?.color);
  if (!brand) return school;
  return { locale: DEFAULT_SCHOOL_LOCALE, ...school, name: brand.name, logo: brand.logo ?? school?.logo ?? null };
}

/**
 * The name the product goes by for this user: the school's with White Label, else the product's (sidebar
 * title, browser tab). `logo` is the school's logo when it has one.
 */
export function useProductIdentity(): { title: string; logo: string | null } {
  const auth = useAuthContext();
  const brand = useSchoolBrand(Boolean(auth?.user?.schoolId));
  return brand ? { title: brand.name, logo: brand.logo } : { title: PRODUCT_TITLE, logo: null };
}
