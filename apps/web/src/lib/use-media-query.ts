import { MOBILE_BREAKPOINT_PX } from '@lyceum/shared/constants';
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Below the 768 px breakpoint of docs/product.md, "Constants" the sidebar becomes an off-canvas menu (Tailwind's `md` starts at 768 px). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
