import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveHandler } from '../../../lib/live-events';

/**
 * The attendance part of the live stream: a class's marks changed (or events may have been missed), so every
 * open attendance read and the dashboards refetch. Kept free of zod and page code: it loads with the shell.
 */
export function useAttendanceLiveHandler(): LiveHandler {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: ['attendance'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    };
    return { kind: 'attendance', onEvent: refetch, onResync: refetch };
  }, [queryClient]);
}
