import { EARLY_DATA_REQUESTS } from '@matchwerk/shared';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, serveApi } from '../../../testing/api-server';
import { chatQueryOptions } from './chats-api';

describe('chatQueryOptions', () => {
  it("asks a chat's newest page by the URL index.html's script asks early (ADR 0070)", async () => {
    const requests = recordRequests();
    serveApi(http.get('/rest/messages/organization/:id', () => HttpResponse.json({})));
    // Only the request counts here, not whether the stub's answer passes the schema.
    await new QueryClient().fetchQuery({ ...chatQueryOptions('a1b2'), retry: false }).catch(() => undefined);
    expect(requests.map((request) => request.path)).toEqual([EARLY_DATA_REQUESTS['/chat/*']?.url.replace('*', 'a1b2')]);
  });
});
