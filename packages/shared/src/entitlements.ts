/**
 * Add-ons as entitlements (issue 3, item 5). A school is entitled to an add-on when its active, unexpired
 * subscription carries it, either bought on the subscription or included in the plan. Everything that
 * switches behaviour on an add-on asks `hasEntitlement`, so there is one rule and one place to change it.
 */
export const ADDON_KEYS = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email_marketing: 'Email Marketing',
  mobile_app: 'Mobile App',
  advanced_analytics: 'Advanced Analytics',
  api_access: 'API Access',
  white_label: 'White Label',
  priority_support: 'Priority Support',
} as const;

export type AddonKey = keyof typeof ADDON_KEYS;
export const ADDON_KEY_LIST = Object.keys(ADDON_KEYS) as AddonKey[];

/** The key of an add-on by its (case-insensitive) name, or null for add-ons that switch nothing. */
export function addonKeyOf(name: string): AddonKey | null {
  const lower = name.trim().toLowerCase();
  for (const key of ADDON_KEY_LIST) if (ADDON_KEYS[key].toLowerCase() === lower) return key;
  return null;
}

/**
 * `entitled` is what the school holds: add-on names (as stored) or keys. Names compare case-insensitively,
 * so renaming "API access" to "API Access" in the admin does not switch the feature off.
 */
export function hasEntitlement(entitled: readonly string[], addon: AddonKey): boolean {
  return entitled.some((e) => e === addon || addonKeyOf(e) === addon);
}

/** The keys a school holds, for clients that switch on them (`GET /school`, my subscription). */
export function entitlementKeys(entitled: readonly string[]): AddonKey[] {
  return ADDON_KEY_LIST.filter((k) => hasEntitlement(entitled, k));
}
