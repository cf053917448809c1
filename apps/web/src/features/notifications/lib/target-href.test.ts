import { ROLES } from '@lyceum/shared/roles';
import { describe, expect, it } from 'vitest';
import { targetHref } from './target-href';

const announcement = { kind: 'announcement', id: 'a1' } as const;
const conversation = { kind: 'conversation', id: 'c1' } as const;
const attendance = { kind: 'attendance', studentId: 's1', date: '2026-02-02' } as const;
const subscription = { kind: 'subscription', section: 'addons' } as const;

describe('targetHref (docs/product.md, "Notifications")', () => {
  it('maps each target to its page for a role that may open it', () => {
    expect(targetHref(announcement, 'parent')).toBe('/announcements?a=a1');
    expect(targetHref(conversation, 'school_admin')).toBe('/messages?c=c1');
    expect(targetHref(attendance, 'parent')).toBe('/attendance?tab=history&student=s1&date=2026-02-02');
    expect(targetHref(subscription, 'school_admin')).toBe('/subscription#my-addons');
  });

  it('gives no link for a page the role may not open, nor for no target or no reader', () => {
    for (const role of ['company_admin', 'admin', 'company_user'] as const)
      for (const target of [announcement, conversation, attendance, subscription])
        expect(targetHref(target, role)).toBeNull();
    // My Subscription is the school admin's alone; a school admin has no Attendance in their menu.
    for (const role of ['principal', 'teacher', 'student', 'parent'] as const)
      expect(targetHref(subscription, role)).toBeNull();
    expect(targetHref(attendance, 'school_admin')).toBeNull();
    for (const role of ROLES) expect(targetHref(null, role)).toBeNull();
    expect(targetHref(announcement, undefined)).toBeNull();
  });

  it("maps company staff's targets to the company pages each company role opens", () => {
    const pending = { kind: 'addonRequest', id: 'r1', status: 'pending' } as const;
    const approved = { kind: 'addonRequest', id: 'r1', status: 'approved' } as const;
    const toConfirm = { kind: 'payment', id: 'p1', status: 'pending' } as const;
    const rejected = { kind: 'payment', id: 'p1', status: 'rejected' } as const;
    const school = { kind: 'school', id: 's1' } as const;
    // Platform managers decide pending requests on the manage page; admin's menu has no Addon Requests entry,
    // but its route is theirs.
    for (const role of ['company_admin', 'admin'] as const) {
      expect(targetHref(pending, role)).toBe('/addon-requests/manage?status=pending&id=r1');
      expect(targetHref(approved, role)).toBe('/addon-requests?status=approved&id=r1');
    }
    // company_user may not open the manage page: the list, filtered the same way.
    expect(targetHref(pending, 'company_user')).toBe('/addon-requests?status=pending&id=r1');
    expect(targetHref(approved, 'company_user')).toBe('/addon-requests?status=approved&id=r1');
    for (const role of ['company_admin', 'admin', 'company_user'] as const) {
      expect(targetHref(toConfirm, role)).toBe('/payments?status=pending&id=p1');
      expect(targetHref(rejected, role)).toBe('/payments?status=rejected&id=p1');
      expect(targetHref(school, role)).toBe('/schools/s1');
      expect(targetHref({ kind: 'lead', id: 'l1' }, role)).toBe('/dashboard?lead=l1');
    }
    // No school role opens a company page.
    for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const)
      for (const target of [pending, approved, toConfirm, rejected, school, { kind: 'lead', id: 'l1' } as const])
        expect(targetHref(target, role)).toBeNull();
    expect(targetHref({ kind: 'school', id: '../revenue' }, 'company_user')).toBe('/schools/..%2Frevenue');
  });

  it('keeps an id to its own parameter, whatever it holds', () => {
    expect(targetHref({ kind: 'announcement', id: 'x&c=evil#y' }, 'parent')).toBe('/announcements?a=x%26c%3Devil%23y');
    expect(targetHref({ kind: 'payment', id: 'x&status=all', status: 'pending' }, 'company_user')).toBe(
      '/payments?status=pending&id=x%26status%3Dall',
    );
  });
});
