import { RESET_MAILS_PER_HOUR } from './constants.ts';
/** Error codes of the API (docs/product.md, "Codes and HTTP statuses") with their HTTP status. `auth/*` codes keep the identity service's names. */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rule: 422,
  /** A plan limit (students, teachers, parents, principals, school admins) would be passed. */
  plan_limit: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  'auth/invalid-credential': 401,
  'auth/user-disabled': 403,
  'auth/user-not-found': 404,
  'auth/too-many-requests': 429,
  'auth/subscription-expired': 403,
  'auth/school-inactive': 403,
  'auth/profile-not-found': 404,
  'auth/wrong-password': 400,
  'auth/requires-recent-login': 401,
  'auth/email-already-in-use': 409,
  'auth/password-does-not-meet-requirements': 400,
  'auth/expired-action-code': 400,
  'auth/invalid-action-code': 400,
  'auth/operation-not-allowed': 403,
  'auth/user-token-expired': 401,
  subscription_expired: 402,
  entitlement_required: 402,
  api_limit_exceeded: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/** User-facing wording, docs/product.md, "The message catalogue" where it has one. */
export const MESSAGES = {
  loginFailed: 'Login failed',
  invalidCredential: 'Incorrect email or password.',
  profileNotFound: (email: string) =>
    `User profile not found for ${email}. Please contact administrator to create your profile.`,
  failedToLoadUser: 'Failed to load user data',
  subscriptionExpired:
    "Your school's subscription has expired. Please contact your school administrator to renew the subscription.",
  /** The sign-in refusal of a lapsed school's own administrator, who has nobody in the school to ask (docs/product.md, "Signing in"). */
  subscriptionExpiredAdmin:
    "Your school's subscription has expired. Contact our sales team to renew it or to choose another plan.",
  schoolInactive: 'Your school has been deactivated. Please contact the platform administrator.',
  userDisabled: 'This account has been disabled. Please contact your administrator.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  signupsToday: 'Too many schools were signed up from your network today. Please try again tomorrow.',
  signedOut: 'You are not signed in.',
  writeRateLimited: 'Too many changes in a short time. Please wait a minute and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: "You don't have permission to access this page.",
  notFound: 'Document not found: the requested item does not exist.',
  invalidData: 'Invalid data provided. Please check all required fields are filled correctly.',
  /** A body sent as JSON that does not parse; answered after `Invalid data: ` like every request-validation failure. */
  notJson: 'The request body is not valid JSON.',
  /** A path that cannot be read (a bad %-escape, a part too long); answered after `Invalid data: `, never echoing it. */
  badAddress: 'The address of the request is not valid.',
  unavailable: 'Service temporarily unavailable. Please try again.',
  wrongCurrentPassword: 'The current password is incorrect.',
  emailInUse: 'A user with this email already exists...',
  invalidActionCode: 'This link is invalid or has already been used.',
  expiredActionCode: 'This link has expired. Please ask for a new one.',
  companySignupClosed: 'Company admin signup is closed. Ask an existing company admin for an invitation code.',
  invalidInvitation: 'This invitation code is invalid, expired or already used.',
  /** The platform's first company admin signs up with the code the server printed at start (docs/security.md). */
  setupCodeRequired: "Enter the setup code from the server's start-up log.",
  invalidSetupCode: "This setup code is not valid. Use the one in the server's latest start-up log.",
  profileUploadFailed: 'Failed to upload profile picture. Please try again.',
  storageLimitExceeded: 'Storage limit exceeded',
  planExists: (name: string) => `Plan "${name}" already exists`,
  addonExists: (name: string) => `Addon "${name}" already exists`,
  entitlementRequired: (addon: string) => `Your plan does not include ${addon}. Request it in the marketplace.`,
  apiLimitExceeded: (limit: string, plan: string) =>
    `API call limit reached: ${limit} calls per month on the ${plan} plan. Upgrade your plan or wait until next month.`,
  apiKeyInvalid: 'This API key is invalid or has been revoked.',
  apiKeyScope: 'This API key may not call this endpoint.',
  noActiveSubscription: 'This school has no active subscription.',
} as const;

/** People and classes (issue 4): the wording of docs/product.md, "People" where it has one. */
export const PEOPLE_MESSAGES = {
  missingStudentFields: 'Missing required fields: email, name, schoolId, and classId are required',
  missingTeacherFields: 'Missing required fields: email, name, and schoolId are required',
  missingParentFields: 'Missing required fields: email, name, and schoolId are required',
  schoolIdNonEmpty: 'schoolId must be a non-empty string',
  classNotFound: 'Class not found',
  teacherNotFound: 'Teacher not found',
  parentNotFound: 'Parent not found',
  studentNotFound: 'Student not found',
  subjectNotFound: 'Subject not found',
  userNotFound: 'User not found',
  schoolNotFound: 'School not found',
  schoolIdRequired: (what: string) => `Valid school ID is required for ${what}`,
  rollNumberTaken: (roll: number) => `Roll number ${roll} is already taken in this class`,
  // An import's cells: messages here, where the catalogue test finds them, not inline in the import.
  importExperience: 'Experience must be a whole number of years (0-80)',
  importRollNumber: 'Roll number must be a whole number of at least 1',
  importRollNumberRepeated: (roll: number, line: number) => `Roll number ${roll} is also on line ${line}`,
  subjectExists: (name: string) => `Subject "${name}" already exists`,
  classExists: 'A class with this name and section already exists for this academic year',
  classHasStudents: 'This class still has active students. Move them to another class first.',
  studentClassInactive: "This student's class is not active. Move them to another class first.",
  subjectNotInClass: 'Each subject must be one of the class subjects',
  /** Removing a subject from a class whose timetable still has lessons of it (docs/product.md, "Classes and subjects"). */
  classSubjectHasLessons: (subject: string, n: number) =>
    n === 1
      ? `This class still has 1 ${subject} lesson in its timetable. Delete it first.`
      : `This class still has ${n} ${subject} lessons in its timetable. Delete them first.`,
  /** Deactivating a subject that still has lessons in the timetable. */
  subjectHasLessons: (n: number) =>
    n === 1
      ? 'This subject still has 1 lesson in the timetable. Delete it first.'
      : `This subject still has ${n} lessons in the timetable. Delete them first.`,
  /** Unassigning a teacher from a class, or taking a subject there from them, while they teach its lessons there. */
  teacherSubjectHasLessons: (subject: string, n: number) =>
    n === 1
      ? `This teacher still has 1 ${subject} lesson in this class's timetable. Delete it first.`
      : `This teacher still has ${n} ${subject} lessons in this class's timetable. Delete them first.`,
  /** Deactivating a class whose timetable still has lessons. */
  classHasLessons: (n: number) =>
    n === 1
      ? 'This class still has 1 lesson in its timetable. Delete it first.'
      : `This class still has ${n} lessons in its timetable. Delete them first.`,
  /** Deactivating a teacher who still has lessons in the timetable. */
  teacherHasLessons: (n: number) =>
    n === 1
      ? 'This teacher still has 1 lesson in the timetable. Delete it first.'
      : `This teacher still has ${n} lessons in the timetable. Delete them first.`,
  /** The same words as the promotion's (YEAR_MESSAGES.classTwice), so one translation serves both. */
  classListedTwice: 'This class is listed twice',
  /** A parent created with the same child twice (the promotion's YEAR_MESSAGES.studentTwice words, one translation). */
  studentListedTwice: 'This student is listed twice',
  /** A student created with the same existing parent twice. */
  parentListedTwice: 'This parent is listed twice',
  planLimit: (what: string, plan: string, limit: number, noun: string) =>
    `${what} limit reached: the ${plan} plan allows ${limit.toLocaleString('en-US')} ${noun}.`,
  importTooLarge: 'The CSV file is larger than 2 MB.',
  importRefused: (n: number) => `The file has ${n} error${n === 1 ? '' : 's'}. Nothing was imported.`,
  passwordAlreadySet: 'This user has already set a password. Use reset password instead.',
  /** A staff reset by e-mail past the account's hourly count (docs/product.md, "Rate limits and lock-out"). */
  resetMailsPerHour: `A password reset e-mail was already sent to this person ${RESET_MAILS_PER_HOUR} times this hour. Reset with a temporary password instead, or try again later.`,
  invitationsPerHour: `An invitation was already sent to this person ${RESET_MAILS_PER_HOUR} times this hour. Give them a temporary password instead, or try again later.`,
  notYourself: 'You cannot deactivate your own account.',
  /** Creating a student with new parents, and a student import row whose two parents share one e-mail. */
  ownEmailEach: 'Invalid data: each person needs their own e-mail address',
  /** The field message of that refusal, under each e-mail that repeats an earlier one of the same request. */
  ownEmail: 'Each person needs their own e-mail address',
} as const;

/** Live events (GET /api/v1/events). */
export const LIVE_MESSAGES = {
  tooManyStreams: (max: number) =>
    `Too many open live connections: at most ${max} per user. Close another Lyceum tab and try again.`,
  /** Every user's streams from one client address together (EVENT_STREAMS_PER_ADDRESS). */
  tooManyStreamsFromAddress: (max: number) =>
    `Too many open live connections from your network: at most ${max}. Close some Lyceum tabs and try again.`,
} as const;
