import { describe, expect, it } from 'vitest';
import { authResponse, json, mockFetch } from '../../../test/utils';
import { signupSchoolAdmin } from './signup-school-admin';

const request = {
  schoolName: 'Kauri College',
  name: 'Hana Head',
  email: 'hana@kauri.test',
  password: 'a-long-enough-password',
  planId: '0190a0b0-0000-7000-8000-000000000001',
};

describe('signupSchoolAdmin', () => {
  it('gives the new school the language the page is shown in, unless the form chose one', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/auth/signup/school-admin': () => json(authResponse('school_admin'), 201),
    });
    await signupSchoolAdmin(request);
    await signupSchoolAdmin({ ...request, language: 'ar' });
    expect(calls.map((c) => c.body)).toEqual([
      { ...request, language: 'en' },
      { ...request, language: 'ar' },
    ]);
  });
});
