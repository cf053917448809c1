/** The company module's public surface: the control plane (schools, plans, subscriptions, payments, API keys). */
export { resolveApiKey } from './api-keys.ts';
export { forgetExpiredBillingKeys } from './billing-keys.ts';
export { receiptNumberOf } from './payments.ts';
export { companyRoutes } from './routes.ts';
export { CURRENT_SUBSCRIPTION, schoolStatusSql } from './school-status.ts';
export {
  EXPIRY_NOTICE_DAYS,
  noticeAddonRequest,
  noticeEndingSubscriptions,
  noticePaymentToConfirm,
} from './staff-notices.ts';
export {
  hasActiveSubscription,
  SUBSCRIPTION_SWEEP_MS,
  settleLapsed,
  sweepExpiredSubscriptions,
} from './subscriptions.ts';
