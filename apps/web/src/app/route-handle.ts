import { useMatches } from 'react-router';
import { useT } from '../lib/i18n/i18n';
import type { Resources } from '../lib/i18n/resources';

export type RouteTitleKey = keyof Resources['common']['routes'];

/** What every shell route carries in its `handle`: the catalogue key of its title. */
export interface RouteHandle {
  titleKey: RouteTitleKey;
  /**
   * The page is as tall as the window and scrolls inside its own panels (a chat view: the conversation list
   * and the thread each scroll, the reply box stays in view), instead of the whole page scrolling.
   */
  fillsView?: boolean;
}

/** Shell pages laid out as one window-high view (see RouteHandle.fillsView). */
export const VIEW_FILLING_PAGES: ReadonlySet<string> = new Set(['messages']);

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}

/** 'payments/:id/receipt' → 'paymentsIdReceipt': a shell route's path as the key of its title in `routes.*`. */
export function routeTitleKey(path: string): RouteTitleKey {
  const [first = '', ...rest] = path.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  return `${first}${rest.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}` as RouteTitleKey;
}

/** Whether the deepest matched shell route fills the window (RouteHandle.fillsView). */
export function useRouteFillsView(): boolean {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.fillsView === true;
  }
  return false;
}

/** The title of the deepest matched route that has one, in the UI language. */
export function useRouteTitle(): string | undefined {
  const { t } = useT();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return t(`routes.${handle.titleKey}`);
  }
  return undefined;
}
