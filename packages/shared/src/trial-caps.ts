/**
 * How much a school on a trial may store of what its people write (docs/product.md, "Trials"): a trial costs
 * the platform nothing back, and schools can be signed up without end, so each trial school's text is bounded
 * as its people and files are. Each cap is far above what a school of a trial plan's size does in its 14 days
 * (docs/security.md, "What a freshly signed-up school can cost"); a paying school has none of them.
 */
export const TRIAL_CAPS = {
  announcements: 500,
  messages: 10_000,
  groups: 100,
  classes: 200,
  subjects: 200,
  periods: 50,
  /** A trial needs this year and the next, perhaps a past one to try a promotion. */
  academicYears: 10,
  /**
   * Records, not submissions: a Basic school (100 students) marking 8 periods a day for its 14 days makes about
   * 11,200; without a cap a school could mark every day since its first year, at 500 records a request.
   */
  attendance: 50_000,
  /**
   * People stored, every role, active or not (graduates, leavers and deactivated people free their place in
   * the plan's limits but stay stored). The trial-able Basic plan holds 313 people at once (100 students, 10
   * teachers, 200 parents, 2 school admins, 1 principal), Premium 3,115 should a company offer it as a trial:
   * 5,000 leaves room for a whole school imported, a year graduated and a few files imported again, and stops
   * an import-then-graduate loop (about 18,000 accounts an hour per trial school before this cap).
   */
  people: 5_000,
} as const;

export type TrialCapped = keyof typeof TRIAL_CAPS;

const capReached = (what: TrialCapped, noun: string) =>
  `Trial limit reached: a school on a trial can have at most ${TRIAL_CAPS[what].toLocaleString('en-US')} ${noun}. Choose a plan to add more.`;

/** 422 `plan_limit`, one message per collection (a whole sentence each, so each is translated whole). */
export const TRIAL_CAP_MESSAGES: Readonly<Record<TrialCapped, string>> = {
  announcements: capReached('announcements', 'announcements'),
  messages: capReached('messages', 'messages'),
  groups: capReached('groups', 'groups'),
  classes: capReached('classes', 'classes'),
  subjects: capReached('subjects', 'subjects'),
  periods: capReached('periods', 'periods'),
  academicYears: capReached('academicYears', 'academic years'),
  attendance: capReached('attendance', 'attendance records'),
  people: capReached('people', 'people, deactivated ones included'),
};

/**
 * Changes a school on a trial may make in a day (UTC), all its people together: each change writes an audit
 * entry, and edits are counted nowhere else, so without it a trial school's log grew at the write rate of every
 * one of its people for as long as it liked (docs/security.md, "Trial caps on what a school writes"). A school
 * trying Lyceum makes a few hundred changes on a busy day (an import or a whole class's attendance is one).
 */
export const TRIAL_CHANGES_PER_DAY = 10_000;

export const TRIAL_CHANGES_MESSAGES = {
  /** 429 `rate_limited`, with Retry-After until the day turns (UTC). */
  perDay: `A school on a trial can make at most ${TRIAL_CHANGES_PER_DAY.toLocaleString('en-US')} changes a day. Please try again tomorrow, or choose a plan.`,
};

/**
 * Files a school may store until the e-mail address it signed up with is confirmed (docs/product.md, "Trial
 * schools and mail"): sign-up is open to anyone, so an unconfirmed school gets room to try uploads, not its
 * plan's gigabytes (docs/security.md, "What a freshly signed-up school can cost"). 20 MB, binary, as storage
 * limits are counted: two attachments of the largest size, or many pictures.
 */
export const UNVERIFIED_STORAGE_MB = 20;
export const UNVERIFIED_STORAGE_BYTES = UNVERIFIED_STORAGE_MB * 1024 * 1024;

/**
 * 422 `rule`: an upload that would take an unconfirmed school past UNVERIFIED_STORAGE_BYTES (`limitReached`), or
 * all unconfirmed schools together past the install's UNVERIFIED_STORAGE_TOTAL_BYTES (`allTaken`).
 */
export const UNVERIFIED_STORAGE_MESSAGES = {
  limitReached: `Until your school's e-mail address is confirmed, its files can take at most ${UNVERIFIED_STORAGE_MB} MB. The school admin who signed the school up confirms it by opening the link we sent them at sign-up.`,
  allTaken:
    "The storage for schools whose e-mail address is not yet confirmed is full. Confirm your school's e-mail address to get your plan's storage: the school admin who signed the school up opens the link we sent them at sign-up.",
} as const;
