import { queryOptions } from '@tanstack/react-query';
import type {
  CheckEmbeddableReply,
  CreateDemoInput,
  Demo,
  ListDemosReply,
  PublicDemo,
  UpdateDemoInput,
} from '@agentry/core/demos';
import { apiRequest } from '@/lib/api';

const subaccountDemosPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}/demos`;
const demoPath = (demoId: string) => `/api/demos/${encodeURIComponent(demoId)}`;

export const demoKeys = {
  all: ['demos'] as const,
  list: (subaccountId: string) => ['demos', 'list', subaccountId] as const,
  detail: (demoId: string) => ['demos', 'detail', demoId] as const,
  shared: (demoId: string) => ['demos', 'shared', demoId] as const,
  embeddable: (url: string) => ['demos', 'embeddable', url] as const,
};

export function demosListQuery(subaccountId: string) {
  return queryOptions({
    queryKey: demoKeys.list(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<ListDemosReply>(subaccountDemosPath(subaccountId), {
        signal,
        fallbackMessage: 'Failed to load demos',
      }),
  });
}

export function demoQuery(demoId: string) {
  return queryOptions({
    queryKey: demoKeys.detail(demoId),
    queryFn: ({ signal }) => apiRequest<Demo>(demoPath(demoId), { signal, fallbackMessage: 'Failed to load the demo' }),
  });
}

/** The public shape anonymous visitors of /shared/:demoId read. */
export function sharedDemoQuery(demoId: string) {
  return queryOptions({
    queryKey: demoKeys.shared(demoId),
    queryFn: ({ signal }) =>
      apiRequest<PublicDemo>(`/api/shared-demos/${encodeURIComponent(demoId)}`, {
        signal,
        silentUnauthorized: true,
        fallbackMessage: 'Failed to load the demo',
      }),
  });
}

export function createDemo(options: { subaccountId: string; body: CreateDemoInput }) {
  return apiRequest<Demo>(subaccountDemosPath(options.subaccountId), {
    method: 'POST',
    body: options.body,
    fallbackMessage: 'Failed to create the demo',
  });
}

export function updateDemo(options: { demoId: string; body: UpdateDemoInput }) {
  return apiRequest<Demo>(demoPath(options.demoId), {
    method: 'PATCH',
    body: options.body,
    fallbackMessage: 'Failed to save settings',
  });
}

export function deleteDemo(demoId: string) {
  return apiRequest<null>(demoPath(demoId), { method: 'DELETE', fallbackMessage: 'Failed to delete the demo' });
}

/**
 * docs/product/demos.md#looks-demo-types: whether the background site may be framed. A demo visitor sends the demo id (the
 * server checks that demo's own URL); a creator previewing unsaved settings sends the URL.
 */
export function checkEmbeddableQuery(options: { url: string; demoId?: string }) {
  return queryOptions({
    queryKey: [...demoKeys.embeddable(options.url), options.demoId ?? null],
    queryFn: ({ signal }) =>
      apiRequest<CheckEmbeddableReply>('/api/check-embeddable', {
        method: 'POST',
        signal,
        silentUnauthorized: true,
        body: options.demoId ? { demoId: options.demoId, url: options.url } : { url: options.url },
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export const demoEditorPath = (demoId: string) => `/demo/${encodeURIComponent(demoId)}`;
export const demoPreviewPath = (demoId: string) => `/demo/${encodeURIComponent(demoId)}/preview`;
