import { ROLES } from '@lyceum/shared/roles';
import { DESKTOP, test } from './support/fixtures.ts';
import { sweepSidebar } from './support/sweep.ts';

/**
 * Every page of every role's sidebar, reached the way a user reaches it: axe finds no serious or critical
 * violation, the page loaded without an error, and at 375 px nothing scrolls sideways. New pages are covered
 * as soon as they join a menu. The dashboards are checked by the foundation journeys. The same sweep in
 * Arabic, right to left, is in every-page-arabic.spec.ts.
 */
for (const role of ROLES) {
  test(`every sidebar page of ${role} passes axe, loads without error and fits 375 px`, async ({ signInAs }) => {
    const page = await signInAs(role, DESKTOP);
    await sweepSidebar(page, role, 'en');
  });
}
