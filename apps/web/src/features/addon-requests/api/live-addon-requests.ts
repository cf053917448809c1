import type { LiveHandler } from '../../../lib/live-events';
import { useRefetchOnNotification } from '../../../lib/live-refetch';
import { addonRequestsKey } from './get-addon-requests';

const KEYS = [addonRequestsKey];

/**
 * The company's Addon Requests page's part of the live stream: the bell's notice of a new request (company
 * staff's notices are `other`) refetches the open list.
 */
export const useAddonRequestsLiveHandler = (): LiveHandler => useRefetchOnNotification('other', KEYS);
