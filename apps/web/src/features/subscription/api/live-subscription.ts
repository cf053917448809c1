import { myAddonRequestsKey } from '../../../api/get-my-addon-requests';
import type { LiveHandler } from '../../../lib/live-events';
import { useRefetchOnNotification } from '../../../lib/live-refetch';
import { myPaymentsKey } from './get-my-payments';
import { mySubscriptionKey } from './get-my-subscription';

const KEYS = [mySubscriptionKey, myAddonRequestsKey, myPaymentsKey];

/**
 * My Subscription's part of the live stream: the company's news to a school admin (an add-on approved or
 * declined, a payment decided, a renewal: all `other`) refetches the open page.
 */
export const useSubscriptionLiveHandler = (): LiveHandler => useRefetchOnNotification('other', KEYS);
