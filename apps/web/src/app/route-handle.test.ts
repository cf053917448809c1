import { SHELL_ROUTES } from '@lyceum/shared/routes';
import { describe, expect, it } from 'vitest';
import english from '../locales/en/common.json';
import { routeTitleKey } from './route-handle';

describe('route titles', () => {
  it('every shell route has its title in the catalogue, the English one as the shared route table says', () => {
    const titles: Record<string, string> = english.routes;
    for (const route of SHELL_ROUTES) expect(titles[routeTitleKey(route.path)], route.path).toBe(route.title);
  });

  it('turns a path into a camel-cased key', () => {
    expect(routeTitleKey('payments/:id/receipt')).toBe('paymentsIdReceipt');
    expect(routeTitleKey('addon-marketplace')).toBe('addonMarketplace');
    expect(routeTitleKey('dashboard')).toBe('dashboard');
  });
});
