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
};
