import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect';

describe('post-login redirect', () => {
  it('follows paths of this app only', () => {
    expect(safeRedirectPath('/students?page=2')).toBe('/students?page=2');
    expect(safeRedirectPath(null)).toBe('/dashboard');
    expect(safeRedirectPath('https://evil.example')).toBe('/dashboard');
    expect(safeRedirectPath('//evil.example')).toBe('/dashboard');
    expect(safeRedirectPath('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirectPath('/login?redirectTo=/x')).toBe('/dashboard');
  });

  it('builds the login path with the intended page', () => {
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('/fees?term=2')).toBe('/login?redirectTo=%2Ffees%3Fterm%3D2');
  });
});
