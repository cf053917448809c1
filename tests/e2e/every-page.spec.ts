import { ROLES } from '@lyceum/shared/roles';
import { recordApiRequests } from './support/api-requests.ts';
import { DESKTOP, demoAccount, signInThroughApi, test } from './support/fixtures.ts';
import { sweepSidebar } from './support/sweep.ts';

/**
 * Every page of every role's sidebar, opened fresh (a full navigation to the address its sidebar link holds):
 * the page makes at most two API requests for its data (the dashboard too), axe finds no serious or critical
 * violation, the page loaded without an error, and at 375 px nothing scrolls sideways. New pages are covered
 * as soon as they join a menu. The dashboards' contents are checked by the foundation journeys. The same sweep
 * in Arabic, right to left and reaching each page by clicking its sidebar entry, is in every-page-arabic.spec.ts.
 */
for (const role of ROLES) {
  test(`every sidebar page of ${role} loads in two API requests, passes axe, loads without error and fits 375 px`, async ({
    openPage,
  }) => {
    const page = await openPage(DESKTOP);
    await signInThroughApi(page, demoAccount(role));
    const requests = recordApiRequests(page);
    await page.goto('/dashboard');
    await sweepSidebar(page, role, 'en', { requests });
  });
}
