import type { Role } from './roles.ts';

export type MenuIcon =
  | 'dashboard'
  | 'schools'
  | 'revenue'
  | 'plans'
  | 'addon-requests'
  | 'usage'
  | 'settings'
  | 'announcements'
  | 'messages'
  | 'classes'
  | 'students'
  | 'teachers'
  | 'parents'
  | 'exams'
  | 'reports'
  | 'fees'
  | 'marketplace'
  | 'attendance'
  | 'marks'
  | 'children';

export interface MenuEntry {
  label: string;
  path: string;
  icon: MenuIcon;
}

const entry = (label: string, path: string, icon: MenuIcon): MenuEntry => ({ label, path, icon });

const E = {
  dashboard: entry('Dashboard', '/dashboard', 'dashboard'),
  schools: entry('Schools', '/schools', 'schools'),
  revenue: entry('Revenue', '/revenue', 'revenue'),
  plans: entry('Subscription Plans', '/subscription-plans', 'plans'),
  addonRequests: entry('Addon Requests', '/addon-requests', 'addon-requests'),
  usage: entry('Schools Usage', '/schools-usage', 'usage'),
  settings: entry('Settings', '/settings', 'settings'),
  announcements: entry('Announcements', '/announcements', 'announcements'),
  messages: entry('Messages', '/messages', 'messages'),
  classes: entry('Classes', '/classes', 'classes'),
  myClasses: entry('My Classes', '/classes', 'classes'),
  students: entry('Students', '/students', 'students'),
  teachers: entry('Teachers', '/teachers', 'teachers'),
  parents: entry('Parents', '/parents', 'parents'),
  exams: entry('Exams', '/exams', 'exams'),
  reports: entry('Reports', '/reports', 'reports'),
  fees: entry('Fees', '/fees', 'fees'),
  marketplace: entry('Marketplace', '/addon-marketplace', 'marketplace'),
  attendance: entry('Attendance', '/attendance', 'attendance'),
  marks: entry('Marks', '/marks', 'marks'),
  children: entry('My Children', '/children', 'children'),
} as const;

/**
 * The sidebar of every role, in order (docs/product.md, "Sidebar per role"; Dashboard is always first).
 * company_user gets the company dashboard and Settings (docs/decisions/003-company-user-menu.md).
 */
export const MENUS: Record<Role, readonly MenuEntry[]> = {
  admin: [E.dashboard, E.schools, E.revenue, E.plans, E.settings],
  company_admin: [E.dashboard, E.schools, E.revenue, E.plans, E.addonRequests, E.usage, E.settings],
  company_user: [E.dashboard, E.settings],
  school_admin: [
    E.dashboard,
    E.announcements,
    E.messages,
    E.classes,
    E.students,
    E.teachers,
    E.parents,
    E.exams,
    E.reports,
    E.fees,
    E.marketplace,
    E.settings,
  ],
  principal: [
    E.dashboard,
    E.announcements,
    E.messages,
    E.classes,
    E.students,
    E.teachers,
    E.parents,
    E.exams,
    E.attendance,
    E.reports,
    E.fees,
    E.settings,
  ],
  teacher: [E.dashboard, E.announcements, E.messages, E.myClasses, E.attendance, E.exams, E.marks, E.settings],
  student: [E.dashboard, E.announcements, E.messages, E.exams, E.reports, E.attendance, E.settings],
  parent: [E.dashboard, E.announcements, E.children, E.attendance, E.exams, E.reports, E.messages, E.settings],
};
