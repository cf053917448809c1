import type { LiveHandler } from '../../../lib/live-events';
import { useRefetchOnNotification } from '../../../lib/live-refetch';
import { companyPaymentsKey } from './get-company-payments';

const KEYS = [companyPaymentsKey];

/**
 * The company's Payments page's part of the live stream: the bell's notice of a payment to confirm (company
 * staff's notices are `other`) refetches the open list.
 */
export const usePaymentsLiveHandler = (): LiveHandler => useRefetchOnNotification('other', KEYS);
