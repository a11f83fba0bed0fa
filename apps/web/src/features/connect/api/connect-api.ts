import { queryOptions } from '@tanstack/react-query';
import type { SubaccountTheme } from '@agentry/core/auth';
import type {
  ConnectionType,
  ConversationTranscript,
  CreateConnectionBody,
  LiveConversation,
  UpdateConnectionBody,
  WidgetConnection,
} from '@agentry/core/widget';
import { apiRequest } from '@/lib/api';

const subaccountPath = (subaccountId: string) => `/api/subaccounts/${encodeURIComponent(subaccountId)}`;
const connectionPath = (connectionId: string) => `/api/connections/${encodeURIComponent(connectionId)}`;

export const connectKeys = {
  all: ['connect'] as const,
  /** Without a type: the prefix of both lists (invalidates widgets and blocks). */
  connections: (subaccountId: string, type?: ConnectionType) =>
    (type
      ? ['connect', subaccountId, 'connections', type]
      : ['connect', subaccountId, 'connections']) as readonly string[],
  connection: (connectionId: string) => ['connect', 'connection', connectionId] as const,
  conversations: (connectionId: string) => ['connect', 'connection', connectionId, 'conversations'] as const,
  transcript: (connectionId: string, threadId: string) =>
    ['connect', 'connection', connectionId, 'conversations', threadId] as const,
  theme: (subaccountId: string) => ['subaccounts', subaccountId, 'theme'] as const,
};

/** The sub account's website widgets, or its website blocks (GET /api/subaccounts/:id/connections?type=). */
export function widgetConnectionsQuery(subaccountId: string, type: ConnectionType = 'website-widget') {
  return queryOptions({
    queryKey: connectKeys.connections(subaccountId, type),
    queryFn: ({ signal }) =>
      apiRequest<{ connections: WidgetConnection[] }>(`${subaccountPath(subaccountId)}/connections?type=${type}`, {
        signal,
        fallbackMessage: 'Failed to load widget settings',
      }),
  });
}

export function widgetConnectionQuery(connectionId: string) {
  return queryOptions({
    queryKey: connectKeys.connection(connectionId),
    queryFn: ({ signal }) =>
      apiRequest<WidgetConnection>(connectionPath(connectionId), {
        signal,
        fallbackMessage: 'Failed to load widget settings',
      }),
  });
}

export function createWidgetConnection(options: { subaccountId: string; body: CreateConnectionBody }) {
  return apiRequest<WidgetConnection>(`${subaccountPath(options.subaccountId)}/connections`, {
    method: 'POST',
    body: options.body,
    fallbackMessage: 'Failed to create the widget',
  });
}

export function saveWidgetSettings(options: { connectionId: string; body: UpdateConnectionBody }) {
  return apiRequest<WidgetConnection>(connectionPath(options.connectionId), {
    method: 'PUT',
    body: options.body,
    fallbackMessage: 'Failed to save settings',
  });
}

export function deployWidget(connectionId: string) {
  return apiRequest<WidgetConnection>(`${connectionPath(connectionId)}/deploy`, {
    method: 'POST',
    body: {},
    fallbackMessage: 'Failed to deploy the widget',
  });
}

export function updateWidgetAgent(options: { connectionId: string; agentId: string }) {
  return apiRequest<WidgetConnection>(`${connectionPath(options.connectionId)}/update-build`, {
    method: 'PUT',
    body: { buildId: options.agentId },
    fallbackMessage: 'Failed to update build',
  });
}

export function liveConversationsQuery(connectionId: string) {
  return queryOptions({
    queryKey: connectKeys.conversations(connectionId),
    queryFn: ({ signal }) =>
      apiRequest<{ conversations: LiveConversation[] }>(`${connectionPath(connectionId)}/conversations`, {
        signal,
        fallbackMessage: 'Failed to load conversations',
      }),
  });
}

export function transcriptQuery(connectionId: string, threadId: string) {
  return queryOptions({
    queryKey: connectKeys.transcript(connectionId, threadId),
    queryFn: ({ signal }) =>
      apiRequest<ConversationTranscript>(
        `${connectionPath(connectionId)}/conversations/${encodeURIComponent(threadId)}`,
        {
          signal,
          fallbackMessage: 'Failed to load the conversation',
        },
      ),
  });
}

export function subaccountThemeQuery(subaccountId: string) {
  return queryOptions({
    queryKey: connectKeys.theme(subaccountId),
    queryFn: ({ signal }) =>
      apiRequest<SubaccountTheme>(`${subaccountPath(subaccountId)}/theme`, { signal, silentUnauthorized: true }),
    staleTime: 60_000,
    retry: false,
  });
}

export function patchSubaccountTheme(options: {
  subaccountId: string;
  body: { isDarkMode?: boolean; primaryColor?: string };
}) {
  return apiRequest<SubaccountTheme>(`${subaccountPath(options.subaccountId)}/theme`, {
    method: 'PATCH',
    body: options.body,
  });
}
