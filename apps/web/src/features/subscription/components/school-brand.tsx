import type { SessionSchool } from '@lyceum/shared/auth';
import { useEffect } from 'react';
import { useAuthContext } from '../../../lib/auth';
import { useSchoolBrand } from '../api/get-school-brand';

/** Tailwind 4 reads every colour through a CSS variable, so overriding the blue scale re-themes the app. */
const SHADES: Record<string, (c: string) => string> = {
  '--color-blue-50': (c) => `color-mix(in oklab, ${c} 8%, white)`,
  '--color-blue-100': (c) => `color-mix(in oklab, ${c} 16%, white)`,
  '--color-blue-200': (c) => `color-mix(in oklab, ${c} 30%, white)`,
  '--color-blue-400': (c) => `color-mix(in oklab, ${c} 70%, white)`,
  '--color-blue-500': (c) => `color-mix(in oklab, ${c} 88%, white)`,
  '--color-blue-600': (c) => c,
  '--color-blue-700': (c) => `color-mix(in oklab, ${c} 82%, black)`,
  '--color-blue-800': (c) => `color-mix(in oklab, ${c} 68%, black)`,
};

/**
 * White Label: with the add-on, the school's name, logo and colour replace the product's (the server sends
 * `brand` only then). Returns the school to show in the header, and themes the app while mounted.
 */
export function useBrandedSchool(school: SessionSchool | null): SessionSchool | null {
  const auth = useAuthContext();
  const isSchoolUser = Boolean(auth?.user?.schoolId);
  const brand = useSchoolBrand(isSchoolUser);
  const color = brand?.color ?? null;

  useEffect(() => {
    if (!color) return;
    const root = document.documentElement.style;
    for (const [name, shade] of Object.entries(SHADES)) root.setProperty(name, shade(color));
    return () => {
      for (const name of Object.keys(SHADES)) root.removeProperty(name);
    };
  }, [color]);

  if (!brand) return school;
  return { name: brand.name, logo: brand.logo ?? school?.logo ?? null };
}
