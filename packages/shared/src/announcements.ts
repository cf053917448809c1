/**
 * Announcements (docs/product.md, "Announcements"). Endpoints:
 * - GET   /api/v1/announcements?status&limit&cursor     what the caller may see, pinned first, newest first
 * - POST  /api/v1/announcements                         publish (school admin, principal; teachers to their classes)
 * - GET   /api/v1/announcements/:id                     one (404 when not visible to the caller)
 * - PATCH /api/v1/announcements/:id                     the author or a manager: text, files, pin, expiry, status
 * - POST  /api/v1/announcements/:id/read                record the caller's read (204)
 * - GET   /api/v1/announcements/:id/readers?state       the author or a manager: who has (not) read, paged
 * - GET   /api/v1/announcements/options                 the classes the caller may address (id + label)
 * Attachments: see files.ts (upload first, then name the ids in `attachmentIds`).
 */
import { z } from 'zod';
import { hasPlausibleYear } from './dates.ts';
import { Attachment, AttachmentIds } from './files.ts';
import { pageLimit } from './page-limit.ts';
import { plainText } from './plain-text.ts';
import { SCHOOL_ROLES } from './roles.ts';

/** An audience entry: a school role, or everyone in the school. */
export const AUDIENCES = ['all', ...SCHOOL_ROLES] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Teachers address only these, and only in their own classes. */
export const TEACHER_AUDIENCES = ['student', 'parent'] as const satisfies readonly Audience[];

export const ANNOUNCEMENT_STATUSES = ['active', 'archived'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const TITLE_MAX = 200;
export const BODY_MAX = 20_000;
/**
 * The message as stored (the safe HTML) is bounded too: escaping and links lengthen it (an `&` is stored as
 * `&amp;`), so a body within BODY_MAX could be stored five times larger. Twice BODY_MAX leaves room for lists,
 * line breaks and links in real text (docs/product.md, "Announcements").
 */
export const BODY_STORED_MAX = 2 * BODY_MAX;
export const CLASSES_MAX = 50;

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
  bodyRequired: 'Message is required',
  bodyTooLong: `Message must be at most ${BODY_MAX} characters`,
  audienceRequired: 'Choose who should see it',
  audienceUnknown: 'Unknown audience',
  tooManyClasses: `Choose at most ${CLASSES_MAX} classes`,
  expiryFormat: 'Expiry must be a date and time',
  expiryPast: 'Expiry must be in the future',
  notFound: 'Announcement not found',
  teacherAudience: 'Teachers can address only students and parents',
  teacherClassRequired: 'Choose at least one of your classes',
  notYourClass: 'You can address only your own classes',
  unknownClass: 'Class not found',
  archivedNotEditable: 'An archived announcement cannot be edited. Restore it first.',
  notificationTitle: (title: string) => `New announcement: ${title}`,
  notificationBody: (author: string) => `${author} posted an announcement.`,
} as const;

const M = ANNOUNCEMENT_MESSAGES;

/** A title becomes the audience's notification title: no control or text-direction characters, like names. */
const title = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(TITLE_MAX, M.titleTooLong)
  .refine(...plainText('Title'));
const body = z.string({ error: M.bodyRequired }).trim().min(1, M.bodyRequired).max(BODY_MAX, M.bodyTooLong);
const audience = z
  .array(z.enum(AUDIENCES, { error: M.audienceUnknown }), { error: M.audienceRequired })
  .min(1, M.audienceRequired)
  .max(AUDIENCES.length, M.audienceUnknown);
const classIds = z.array(z.uuid({ error: M.unknownClass }).toLowerCase()).max(CLASSES_MAX, M.tooManyClasses);
const expiresAt = z.iso
  .datetime({ offset: true, error: M.expiryFormat })
  .refine(hasPlausibleYear, M.expiryFormat)
  .nullable();

export const CreateAnnouncementRequest = z.object({
  title,
  /** Plain text (blank lines make paragraphs, lines starting "- " lists, URLs links) or HTML; kept to a safe subset. */
  body,
  audience,
  classIds: classIds.default([]),
  pinned: z.boolean().default(false),
  expiresAt: expiresAt.optional(),
  /** Uploads (POST /attachments) of the caller to attach. */
  attachmentIds: AttachmentIds.default([]),
});
export type CreateAnnouncementRequest = z.input<typeof CreateAnnouncementRequest>;

export const UpdateAnnouncementRequest = z
  .object({
    title: title.optional(),
    body: body.optional(),
    pinned: z.boolean().optional(),
    expiresAt: expiresAt.optional(),
    status: z.enum(ANNOUNCEMENT_STATUSES, { error: 'Unknown status' }).optional(),
    /** The attachments it should carry: ids it has stay, new uploads are attached, the rest removed. */
    attachmentIds: AttachmentIds.optional(),
  })
  .strict();
export type UpdateAnnouncementRequest = z.input<typeof UpdateAnnouncementRequest>;

export const AnnouncementListQuery = z.object({
  status: z.enum([...ANNOUNCEMENT_STATUSES, 'all'], { error: 'Unknown status' }).default('active'),
  limit: pageLimit(),
  cursor: z.string().max(500).optional(),
});
export type AnnouncementListQuery = z.input<typeof AnnouncementListQuery>;

export const Announcement = z.object({
  id: z.string(),
  title: z.string(),
  /** HTML of the safe subset only: p, br, ul, ol, li, strong, b, em, i, and a with an http(s) or mailto href. */
  body: z.string(),
  audience: z.array(z.enum(AUDIENCES)),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  pinned: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** When its title, message or files last changed after publishing; null if never (the card's `Edited`). */
  editedAt: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string() }),
  /** Whether the caller has read it. */
  read: z.boolean(),
  /** The author and managers only: how many of the audience have read it, of how many. */
  readCount: z.number().int().nullable(),
  audienceCount: z.number().int().nullable(),
  /** The caller may edit, pin, archive it and see who has not read it. */
  canManage: z.boolean(),
  attachments: z.array(Attachment),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementList = z.object({
  items: z.array(Announcement),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type AnnouncementList = z.infer<typeof AnnouncementList>;

export const AnnouncementReadersQuery = z.object({
  state: z.enum(['unread', 'read'], { error: 'Unknown read filter' }).default('unread'),
  limit: pageLimit(),
  cursor: z.string().max(500).optional(),
});
export type AnnouncementReadersQuery = z.input<typeof AnnouncementReadersQuery>;

export const AnnouncementReader = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(SCHOOL_ROLES),
  readAt: z.string().nullable(),
});
export const AnnouncementReaders = z.object({
  items: z.array(AnnouncementReader),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type AnnouncementReaders = z.infer<typeof AnnouncementReaders>;

/** What the publish form may choose: the audiences and the classes the caller may address. */
export const AnnouncementOptions = z.object({
  audiences: z.array(z.enum(AUDIENCES)),
  classes: z.array(z.object({ id: z.string(), label: z.string() })),
  /** Teachers must narrow to at least one of their classes. */
  classRequired: z.boolean(),
});
export type AnnouncementOptions = z.infer<typeof AnnouncementOptions>;
