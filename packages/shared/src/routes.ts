import { COMPANY_ROLES, PLATFORM_MANAGERS, type Role } from './roles.ts';

/** The protected child routes of the web shell (docs/product.md, "Roles and menus"). `roles` absent = any signed-in user. */
export interface ShellRoute {
  path: string;
  title: string;
  roles?: readonly Role[];
}

const open = (path: string, title: string): ShellRoute => ({ path, title });
const platform = (path: string, title: string): ShellRoute => ({ path, title, roles: PLATFORM_MANAGERS });
/** The company lists: every company role reads them; the pages offer their actions to platform managers only. */
const company = (path: string, title: string): ShellRoute => ({ path, title, roles: COMPANY_ROLES });

export const SHELL_ROUTES: readonly ShellRoute[] = [
  open('dashboard', 'Dashboard'),
  open('settings', 'Settings'),
  open('students', 'Students'),
  open('teachers', 'Teachers'),
  open('classes', 'Classes'),
  open('parents', 'Parents'),
  open('users', 'Users'),
  open('announcements', 'Announcements'),
  open('notifications', 'Notifications'),
  open('messages', 'Messages'),
  open('attendance', 'Attendance'),
  open('attendance/mark', 'Mark Attendance'),
  open('exams', 'Exams'),
  open('marks', 'Marks'),
  open('marks/add', 'Add Marks'),
  open('reports', 'Reports'),
  open('timetable', 'Timetable'),
  open('fees', 'Fees'),
  open('children', 'My Children'),
  open('subscription', 'My Subscription'),
  open('addon-marketplace', 'Marketplace'),
  open('emergency-contact', 'Emergency Contact'),
  open('students/:id', 'Student'),
  open('teachers/:id', 'Teacher'),
  open('classes/:id', 'Class'),
  company('schools', 'Schools'),
  platform('schools/create', 'Create School'),
  platform('revenue', 'Revenue'),
  company('subscription-plans', 'Subscription Plans'),
  platform('schools-usage', 'Schools Usage'),
  company('addon-requests', 'Addon Requests'),
  platform('addon-requests/manage', 'Manage Addon Requests'),
  company('schools/:id', 'School'),
  company('payments', 'Payments'),
  open('payments/:id/receipt', 'Receipt'),
  open('subscription-expired', 'Subscription Expired'),
  { path: 'settings/academic-years', title: 'Academic Years', roles: ['school_admin', 'principal'] },
];
