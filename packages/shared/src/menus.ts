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
  /** Stable name of the entry: the web app's translation key (`menu.<id>`). */
  id: string;
  /** The English label. */
  label: string;
  path: string;
  icon: MenuIcon;
}

const entry = (id: string, label: string, path: string, icon: MenuIcon): MenuEntry => ({ id, label, path, icon });

const E = {
  dashboard: entry('dashboard', 'Dashboard', '/dashboard', 'dashboard'),
  schools: entry('schools', 'Schools', '/schools', 'schools'),
  revenue: entry('revenue', 'Revenue', '/revenue', 'revenue'),
  plans: entry('plans', 'Subscription Plans', '/subscription-plans', 'plans'),
  addonRequests: entry('addonRequests', 'Addon Requests', '/addon-requests', 'addon-requests'),
  usage: entry('usage', 'Schools Usage', '/schools-usage', 'usage'),
  settings: entry('settings', 'Settings', '/settings', 'settings'),
  announcements: entry('announcements', 'Announcements', '/announcements', 'announcements'),
  messages: entry('messages', 'Messages', '/messages', 'messages'),
  classes: entry('classes', 'Classes', '/classes', 'classes'),
  myClasses: entry('myClasses', 'My Classes', '/classes', 'classes'),
  students: entry('students', 'Students', '/students', 'students'),
  teachers: entry('teachers', 'Teachers', '/teachers', 'teachers'),
  parents: entry('parents', 'Parents', '/parents', 'parents'),
  exams: entry('exams', 'Exams', '/exams', 'exams'),
  reports: entry('reports', 'Reports', '/reports', 'reports'),
  fees: entry('fees', 'Fees', '/fees', 'fees'),
  marketplace: entry('marketplace', 'Marketplace', '/addon-marketplace', 'marketplace'),
  attendance: entry('attendance', 'Attendance', '/attendance', 'attendance'),
  marks: entry('marks', 'Marks', '/marks', 'marks'),
  children: entry('children', 'My Children', '/children', 'children'),
} as const;

/**
 * The sidebar of every role, in order (docs/product.md, "Sidebar per role"; Dashboard is always first).
 * company_user's is company_admin's without the figures it may not read, Revenue and Schools Usage
 * (docs/decisions/003-company-user-menu.md).
 */
export const MENUS: Record<Role, readonly MenuEntry[]> = {
  admin: [E.dashboard, E.schools, E.revenue, E.plans, E.settings],
  company_admin: [E.dashboard, E.schools, E.revenue, E.plans, E.addonRequests, E.usage, E.settings],
  company_user: [E.dashboard, E.schools, E.plans, E.addonRequests, E.settings],
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
