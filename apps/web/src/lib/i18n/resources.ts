import type common from '../../locales/en/common.json';
import type children from '../../locales/en/children.json';
import type classes from '../../locales/en/classes.json';
import type parents from '../../locales/en/parents.json';
import type students from '../../locales/en/students.json';
import type teachers from '../../locales/en/teachers.json';
import type users from '../../locales/en/users.json';

/**
 * The namespaces and their English catalogues, the source of the typed keys: `t('menu.dashboard')` is checked
 * by the compiler. A new namespace is a JSON file per language under src/locales and one line here.
 */
export interface Resources {
  common: typeof common;
  children: typeof children;
  classes: typeof classes;
  parents: typeof parents;
  students: typeof students;
  teachers: typeof teachers;
  users: typeof users;
}
