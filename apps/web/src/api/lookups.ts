import type { ClassListResponse, ClassOptionsResponse, SubjectListResponse } from '@lyceum/shared/academics';
import type { SchoolListResponse } from '@lyceum/shared/company';
import type { ParentListResponse, StudentListResponse, TeacherListResponse } from '@lyceum/shared/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { toQueryString } from './people-cache';

/**
 * Lists several features pick from (a class select, a subject checklist, a person picker). They live here
 * so features do not import each other; each feature's own pages use their own api files.
 */
/** A class filter or picker: the active classes as id and label, a few bytes each. */
export const classOptionsQuery = queryOptions({
  queryKey: ['classes', 'options'] as const,
  queryFn: ({ signal }) => api.get<ClassOptionsResponse>('/classes/options', { signal }),
  staleTime: 60_000,
});

export function useClassOptions(enabled = true) {
  const query = useQuery({ ...classOptionsQuery, enabled });
  const options = (query.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }));
  return { ...query, options };
}

/** The active classes in full (with their subjects), for a form that offers a class's subjects. */
export function useActiveClasses(enabled = true) {
  return useQuery({
    queryKey: ['classes', 'active'] as const,
    queryFn: ({ signal }) => api.get<ClassListResponse>('/classes?status=active', { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * A class's name, then its section, with no year. Pages show the label the server sends with a class (`label`,
 * `classLabel`: the year added when another class has the same name and section, docs/product.md, "Classes and
 * subjects"); this is for where the year is shown beside it anyway (the promotion wizard) or no other class can
 * be meant (a parent's own child).
 */
export function nameAndSection(c: { name: string; section: string }): string {
  return c.section ? `${c.name} ${c.section}` : c.name;
}

export const subjectOptionsQuery = queryOptions({
  queryKey: ['subjects', 'options'] as const,
  queryFn: ({ signal }) => api.get<SubjectListResponse>('/subjects?status=active', { signal }),
  staleTime: 60_000,
});

export function useSubjectOptions(enabled = true) {
  return useQuery({ ...subjectOptionsQuery, enabled });
}

/** First page of a search, for pickers (type a few letters, choose one). */
export function useStudentSearch(search: string, enabled = true) {
  return useQuery({
    queryKey: ['students', 'search', search],
    queryFn: ({ signal }) =>
      api.get<StudentListResponse>(`/students${toQueryString({ search, status: 'active', limit: 10 })}`, { signal }),
    enabled,
  });
}

export function useParentSearch(search: string, enabled = true) {
  return useQuery({
    queryKey: ['parents', 'search', search],
    queryFn: ({ signal }) =>
      api.get<ParentListResponse>(`/parents${toQueryString({ search, status: 'active', limit: 10 })}`, { signal }),
    enabled,
  });
}

export function useTeacherSearch(search: string, enabled = true) {
  return useQuery({
    queryKey: ['teachers', 'search', search],
    queryFn: ({ signal }) =>
      api.get<TeacherListResponse>(`/teachers${toQueryString({ search, status: 'active', limit: 20 })}`, { signal }),
    enabled,
  });
}

/** The schools a company reader (company_admin, admin) can open the people lists of: the first 100 by name. */
export function useSchoolOptions(enabled = true) {
  const query = useQuery({
    queryKey: ['company-schools', 'options'],
    queryFn: ({ signal }) => api.get<SchoolListResponse>('/company/schools?limit=100&sort=name', { signal }),
    staleTime: 60_000,
    enabled,
  });
  const options = (query.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
  return { ...query, options };
}
