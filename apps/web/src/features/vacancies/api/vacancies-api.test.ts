import { EARLY_DATA_REQUESTS } from '@matchwerk/shared';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, serveApi } from '../../../testing/api-server';
import { apiQueryOf, defaultListParams } from '../lib/list-params';
import { vacancyListQueryOptions } from './vacancies-api';

describe('vacancyListQueryOptions', () => {
  it("asks an organisation user's first page by the URL index.html's script asks early (ADR 0070)", async () => {
    const requests = recordRequests();
    serveApi(http.get('/rest/vacancy', () => HttpResponse.json({})));
    const options = vacancyListQueryOptions(apiQueryOf(defaultListParams('ORGANIZATION')));
    // Only the request counts here, not whether the stub's answer passes the schema.
    await new QueryClient().fetchQuery({ ...options, retry: false }).catch(() => undefined);
    expect(requests.map((request) => request.path)).toEqual([EARLY_DATA_REQUESTS['/vacancies']?.url]);
  });
});
