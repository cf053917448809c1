import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { publicPlansQueryOptions } from '../api/get-public-plans';
import { authKeys, replaceSession } from './auth';

describe('replaceSession', () => {
  it("drops the previous session's answers but keeps the public plans, which are the same for everyone", () => {
    const client = new QueryClient();
    client.setQueryData(publicPlansQueryOptions.queryKey, []);
    client.setQueryData(['students', 'list'], { items: [] });
    client.setQueryData(['notifications'], { items: [], unread: 0 });
    replaceSession(client, null);
    expect(client.getQueryData(publicPlansQueryOptions.queryKey)).toEqual([]);
    expect(client.getQueryData(['students', 'list'])).toBeUndefined();
    expect(client.getQueryData(['notifications'])).toBeUndefined();
    expect(client.getQueryData(authKeys.me)).toBeNull();
  });
});
