import { z } from 'zod';
import { nameSchema, phoneSchema, uuidSchema } from './auth.ts';
import { listSearch } from './list-search.ts';
import { plainText } from './plain-text.ts';

/**
 * Emergency contacts of students (docs/product.md, "Emergency contacts"). Everything is under `/api/v1`.
 *
 *   GET /students/:id/emergency-contacts  STAFF, teacher, parent (as "Who sees whom") → EmergencyContactsResponse
 *   PUT /students/:id/emergency-contacts  STAFF, parent (their own children) EmergencyContactsRequest
 *                                         → EmergencyContactsResponse: the whole ordered list replaces the old one,
 *                                         so adding, editing, removing and reordering are one request
 *   GET /emergency-contacts?search=       STAFF, teacher, parent EmergencyLookupQuery → EmergencyLookupResponse:
 *                                         at most EMERGENCY_LOOKUP_LIMIT students the caller may see, by name,
 *                                         each with their contacts (the lookup behind the header button's page)
 *
 * A student the caller may not see answers 404 `Student not found`, never 403.
 */

export const MAX_EMERGENCY_CONTACTS = 5;
export const EMERGENCY_LOOKUP_LIMIT = 8;

export const EMERGENCY_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneShape: 'Enter a phone number of 7 to 15 digits, with + only at the start (e.g. +44 20 7946 0958)',
  tooMany: `A student can have at most ${MAX_EMERGENCY_CONTACTS} emergency contacts`,
} as const;

/** Digits only, keeping a leading +: the form a `tel:` link dials. */
export function dialable(phone: string): string {
  return phone.replace(/[^0-9+]/g, '');
}

/** E.164-like: an optional leading +, then 7 to 15 digits; spaces and ( ) - . may group them. */
const emergencyPhone = phoneSchema
  .min(1, EMERGENCY_MESSAGES.phoneRequired)
  .refine((value) => value === '' || /^\+?[0-9]{7,15}$/.test(dialable(value)), EMERGENCY_MESSAGES.phoneShape);

const contactRelationship = z
  .string()
  .trim()
  .min(1, 'Relationship is required')
  .max(40, 'Relationship is too long')
  .refine(...plainText('Relationship'));

export const EmergencyContactInput = z.object({
  name: nameSchema,
  relationship: contactRelationship,
  phone: emergencyPhone,
});
export type EmergencyContactInput = z.input<typeof EmergencyContactInput>;

export const EmergencyContactsRequest = z.object({
  contacts: z.array(EmergencyContactInput).max(MAX_EMERGENCY_CONTACTS, EMERGENCY_MESSAGES.tooMany),
});
export type EmergencyContactsRequest = z.input<typeof EmergencyContactsRequest>;

export const EmergencyContact = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
  /** 1 is called first. */
  position: z.number().int(),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

export const EmergencyContactsResponse = z.object({
  studentId: z.string(),
  studentName: z.string(),
  contacts: z.array(EmergencyContact),
});
export type EmergencyContactsResponse = z.infer<typeof EmergencyContactsResponse>;

export const EmergencyLookupQuery = z.object({ search: listSearch() });

export const EmergencyLookupStudent = EmergencyContactsResponse.extend({ className: z.string() });
export type EmergencyLookupStudent = z.infer<typeof EmergencyLookupStudent>;

export const EmergencyLookupResponse = z.object({ items: z.array(EmergencyLookupStudent) });
export type EmergencyLookupResponse = z.infer<typeof EmergencyLookupResponse>;

export const EmergencyStudentParams = z.object({ id: uuidSchema });
