import { useEffect } from 'react';

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

/** White Label: themes the whole page in the school's colour while mounted (null keeps the product's). */
export function useBrandTheme(color: string | null | undefined): void {
  useEffect(() => {
    if (!color) return;
    const root = document.documentElement.style;
    for (const [name, shade] of Object.entries(SHADES)) root.setProperty(name, shade(color));
    return () => {
      for (const name of Object.keys(SHADES)) root.removeProperty(name);
    };
  }, [color]);
}
