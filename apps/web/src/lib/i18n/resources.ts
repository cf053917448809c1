import type addonRequests from '../../locales/en/addon-requests.json';
import type announcements from '../../locales/en/announcements.json';
import type apiKeys from '../../locales/en/api-keys.json';
import type attendance from '../../locales/en/attendance.json';
import type auth from '../../locales/en/auth.json';
import type children from '../../locales/en/children.json';
import type classes from '../../locales/en/classes.json';
import type common from '../../locales/en/common.json';
import type dashboard from '../../locales/en/dashboard.json';
import type emergencyContact from '../../locales/en/emergency-contact.json';
import type locale from '../../locales/en/locale.json';
import type marketplace from '../../locales/en/marketplace.json';
import type messages from '../../locales/en/messages.json';
import type notifications from '../../locales/en/notifications.json';
import type parents from '../../locales/en/parents.json';
import type payments from '../../locales/en/payments.json';
import type people from '../../locales/en/people.json';
import type plans from '../../locales/en/plans.json';
import type revenue from '../../locales/en/revenue.json';
import type schools from '../../locales/en/schools.json';
import type settings from '../../locales/en/settings.json';
import type students from '../../locales/en/students.json';
import type subscription from '../../locales/en/subscription.json';
import type teachers from '../../locales/en/teachers.json';
import type timetable from '../../locales/en/timetable.json';
import type usage from '../../locales/en/usage.json';
import type users from '../../locales/en/users.json';
import type years from '../../locales/en/years.json';

/**
 * The namespaces and their English catalogues, the source of the typed keys: `t('menu.dashboard')` is checked
 * by the compiler. A new namespace is a JSON file per language under src/locales and one line here.
 */
export interface Resources {
  'addon-requests': typeof addonRequests;
  announcements: typeof announcements;
  'api-keys': typeof apiKeys;
  attendance: typeof attendance;
  auth: typeof auth;
  children: typeof children;
  classes: typeof classes;
  common: typeof common;
  dashboard: typeof dashboard;
  'emergency-contact': typeof emergencyContact;
  locale: typeof locale;
  marketplace: typeof marketplace;
  messages: typeof messages;
  notifications: typeof notifications;
  parents: typeof parents;
  payments: typeof payments;
  people: typeof people;
  plans: typeof plans;
  revenue: typeof revenue;
  schools: typeof schools;
  settings: typeof settings;
  students: typeof students;
  subscription: typeof subscription;
  teachers: typeof teachers;
  timetable: typeof timetable;
  usage: typeof usage;
  users: typeof users;
  years: typeof years;
}
