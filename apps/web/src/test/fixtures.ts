import type { ClassResponse } from '@lyceum/shared/academics';
import type { AddonRequest, Payment, Subscription } from '@lyceum/shared/company';
import type { TeacherResponse } from '@lyceum/shared/people';
import type { TimetableSlot } from '@lyceum/shared/timetable';

/**
 * Whole answers of the API for tests that need one row of a kind: every field a valid default, the test
 * overriding only what it is about (so a new field in the contract is added here once).
 */
export function aClass(over: Partial<ClassResponse> & Pick<ClassResponse, 'id' | 'name'>): ClassResponse {
  const section = over.section ?? 'A';
  return {
    section,
    academicYear: '2026-2027',
    label: [over.name, section].filter(Boolean).join(' '),
    subjects: [],
    assignedTeachers: [],
    classTeacherId: null,
    classTeacherName: null,
    studentCount: 0,
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** A school's paid, monthly Standard-like subscription, active for a year from 1 January 2026. */
export function aSubscription(over: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    schoolId: 'school-1',
    planId: 'plan-1',
    planName: 'Standard',
    addonIds: [],
    addonNames: [],
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    status: 'active',
    autoRenew: false,
    paymentStatus: 'paid',
    billingCycle: 'monthly',
    amountDueMinor: 10000,
    paidMinor: 10000,
    outstandingMinor: 0,
    totalAmountMinor: 10000,
    planAmountMinor: 10000,
    addonsAmountMinor: 0,
    discountMinor: 0,
    currency: 'USD',
    subscriptionType: 'initial',
    isInitial: true,
    isTrial: false,
    changeKind: 'new',
    previousSubscriptionId: null,
    cancelledAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A school's pending request for an add-on, `a-<id>`, at $75.00 a month. */
export function anAddonRequest(over: Partial<AddonRequest> & Pick<AddonRequest, 'id'>): AddonRequest {
  return {
    schoolId: 's1',
    schoolName: 'Hill Valley High',
    addonId: `a-${over.id}`,
    addonName: 'API Access',
    priceMinor: 7500,
    currency: 'USD',
    billingCycle: 'monthly',
    amountDueMinor: 7500,
    outstandingMinor: 7500,
    status: 'pending',
    message: null,
    reason: null,
    requestedByName: 'Ada Lovelace',
    decidedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** An active teacher of school-1 with no subjects or classes yet. */
export function aTeacher(over: Partial<TeacherResponse> & Pick<TeacherResponse, 'id' | 'name'>): TeacherResponse {
  return {
    email: `${over.id}@x.test`,
    phone: null,
    schoolId: 'school-1',
    subjects: [],
    classes: [],
    assignedClasses: [],
    qualification: null,
    experience: null,
    profileImage: null,
    profilePicture: null,
    isActive: true,
    isAdmin: false,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** A Monday lesson of Grade 5 A (Mathematics, Tess Teacher, R1, 08:00–08:45) with the test's overrides. */
export function timetableSlot(over: Partial<TimetableSlot> & Pick<TimetableSlot, 'id'>): TimetableSlot {
  return {
    classId: 'class-1',
    className: 'Grade 5 A',
    subjectId: 'subject-1',
    subject: 'Mathematics',
    teacherId: 'user-teacher',
    teacherName: 'Tess Teacher',
    room: 'R1',
    day: 'monday',
    startTime: '08:00',
    endTime: '08:45',
    ...over,
  };
}

export function aPayment(over: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    schoolId: 's1',
    schoolName: 'Hill Valley High',
    subscriptionId: 'sub-1',
    addonRequestId: null,
    description: 'Standard plan (monthly)',
    planName: 'Standard',
    billingCycle: 'monthly',
    addonName: null,
    renewal: false,
    method: 'bank_transfer',
    reference: 'TRX-42',
    amountMinor: 10000,
    outstandingMinor: 10000,
    currency: 'USD',
    status: 'pending',
    receiptNumber: 'R-0001',
    provider: 'manual',
    reason: null,
    decidedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
