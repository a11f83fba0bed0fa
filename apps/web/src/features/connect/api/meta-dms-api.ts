import { queryOptions } from '@tanstack/react-query';
import type {
  CreateMetaConnectionBody,
  MetaAppBody,
  MetaConnection,
  MetaConversation,
  MetaPageChoice,
  UpdateMetaConnectionBody,
} from '@agentry/core/meta-dms';
import { apiRequest } from '@/lib/api';

const connectionPath = (connectionId: string) => `/api/meta-dms/connections/${encodeURIComponent(connectionId)}`;

export const metaKeys = {
  connections: (subaccountId: string) => ['meta-dms', subaccountId, 'connections'] as const,
  pages: (connectionId: string) => ['meta-dms', 'connection', connectionId, 'pages'] as const,
  conversations: (subaccountId: string) => ['meta-dms', subaccountId, 'conversations'] as const,
  transcript: (connectionId: string, conversationId: string) =>
    ['meta-dms', 'connection', connectionId, 'conversations', conversationId] as const,
};

export function metaConnectionsQuery(subaccountId: string) {
  return queryOptions({
    queryKey: metaKeys.connections(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ connections: MetaConnection[] }>(
        `/api/subaccounts/${encodeURIComponent(subaccountId)}/meta-dms/connections`,
        { signal, fallbackMessage: 'Failed to load Instagram and Messenger connections' },
      ),
  });
}

export function metaPagesQuery(connectionId: string) {
  return queryOptions({
    queryKey: metaKeys.pages(connectionId),
    queryFn: ({ signal }) =>
      apiRequest<{ pages: MetaPageChoice[] }>(`${connectionPath(connectionId)}/pages`, {
        signal,
        fallbackMessage: 'Failed to load your Facebook Pages',
      }),
  });
}

export function metaConversationsQuery(subaccountId: string) {
  return queryOptions({
    queryKey: metaKeys.conversations(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<{ conversations: MetaConversation[] }>(
        `/api/subaccounts/${encodeURIComponent(subaccountId)}/meta-dms/conversations`,
        { signal, fallbackMessage: 'Failed to load conversations' },
      ),
  });
}

export function createMetaConnection(subaccountId: string, body: CreateMetaConnectionBody) {
  return apiRequest<MetaConnection>(`/api/subaccounts/${encodeURIComponent(subaccountId)}/meta-dms/connections`, {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to create the connection',
  });
}

export function updateMetaConnection(connectionId: string, body: UpdateMetaConnectionBody) {
  return apiRequest<MetaConnection>(connectionPath(connectionId), {
    method: 'PUT',
    body,
    fallbackMessage: 'Failed to save the connection',
  });
}

export function deleteMetaConnection(connectionId: string) {
  return apiRequest<null>(connectionPath(connectionId), {
    method: 'DELETE',
    fallbackMessage: 'Failed to delete the connection',
  });
}

export function saveMetaApp(connectionId: string, body: MetaAppBody) {
  return apiRequest<MetaConnection>(`${connectionPath(connectionId)}/app`, {
    method: 'PUT',
    body,
    fallbackMessage: 'Failed to save the Meta app',
  });
}

export function disconnectMeta(connectionId: string) {
  return apiRequest<MetaConnection>(`${connectionPath(connectionId)}/disconnect`, {
    method: 'POST',
    fallbackMessage: 'Failed to switch back to test mode',
  });
}

export function startMetaOAuth(connectionId: string) {
  return apiRequest<{ url: string }>(`${connectionPath(connectionId)}/oauth/start`, {
    method: 'POST',
    fallbackMessage: 'Failed to start Facebook sign-in',
  });
}

export function chooseMetaPage(connectionId: string, pageId: string) {
  return apiRequest<MetaConnection>(`${connectionPath(connectionId)}/pages`, {
    method: 'POST',
    body: { pageId },
    fallbackMessage: 'Failed to connect the Page',
  });
}

export function connectWithPageToken(connectionId: string, pageAccessToken: string) {
  return apiRequest<MetaConnection>(`${connectionPath(connectionId)}/page-token`, {
    method: 'POST',
    body: { pageAccessToken },
    fallbackMessage: 'Failed to connect with this token',
  });
}

export type MetaTranscript = {
  messages: {
    id: string;
    role: 'user' | 'assistant' | 'human' | 'campaign';
    content: string;
    status: string;
    errorCode: string | null;
    createdAt: string;
  }[];
};

export function metaTranscriptQuery(connectionId: string, conversationId: string) {
  return queryOptions({
    queryKey: metaKeys.transcript(connectionId, conversationId),
    queryFn: ({ signal }) =>
      apiRequest<MetaTranscript>(
        `${connectionPath(connectionId)}/conversations/${encodeURIComponent(conversationId)}`,
        { signal, fallbackMessage: 'Failed to load the conversation' },
      ),
  });
}
