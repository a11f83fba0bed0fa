import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CapabilitiesReply } from '@agentry/core/billing';
import { describeHttpFailure } from '@agentry/core/error-messages';
import { FILE_NAME_HEADER, type FilePurpose, type UploadedFile } from '@agentry/core/files';
import type {
  CreateProjectBody,
  CreateProjectReply,
  ImagePathsReply,
  ListProjectsReply,
  ListRepliesReply,
  MarketplaceProject,
  MyProjectsReply,
  ProjectReply,
  UpdateProjectBody,
  UserProfileBody,
  UserProfileReply,
  UserRankReply,
} from '@agentry/core/marketplace';
import { ApiError, apiRequest } from '@/lib/api';
import type { ListingFilters } from '../lib/listing-filters';

const projectPath = (id: string) => `/api/marketplace/projects/${encodeURIComponent(id)}`;

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  lists: () => ['marketplace', 'projects', 'list'] as const,
  list: (filters: ListingFilters) => ['marketplace', 'projects', 'list', filters] as const,
  detail: (id: string) => ['marketplace', 'projects', 'detail', id] as const,
  replies: (id: string) => ['marketplace', 'projects', 'replies', id] as const,
  mine: () => ['marketplace', 'my-projects'] as const,
  pictures: (kind: 'image' | 'avatar') => ['marketplace', 'pictures', kind] as const,
  profile: (userId: string) => ['marketplace', 'profile', userId] as const,
  access: (userId: string) => ['marketplace', 'access', userId] as const,
  rank: (userId: string) => ['marketplace', 'rank', userId] as const,
};

/** The listing's query string: only the filters that narrow, plus sort and cursor. */
export function listingSearchParams(filters: ListingFilters, cursor?: string | null) {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.category) params.set('category', filters.category);
  if (filters.timeframe) params.set('timeframe', filters.timeframe);
  if (filters.minBudget) params.set('minBudget', filters.minBudget);
  if (filters.maxBudget) params.set('maxBudget', filters.maxBudget);
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /api/marketplace/projects, page by page with the server's cursor. */
export function projectsListQuery(filters: ListingFilters) {
  return infiniteQueryOptions({
    queryKey: marketplaceKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = listingSearchParams(filters, pageParam).toString();
      return apiRequest<ListProjectsReply>(`/api/marketplace/projects${query ? `?${query}` : ''}`, {
        signal,
        silentUnauthorized: true,
        fallbackMessage: 'Failed to load projects',
      });
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function projectQuery(id: string) {
  return queryOptions({
    queryKey: marketplaceKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<MarketplaceProject>(projectPath(id), {
        signal,
        silentUnauthorized: true,
        fallbackMessage: 'Failed to load the project',
      }),
  });
}

export function myProjectsQuery() {
  return queryOptions({
    queryKey: marketplaceKeys.mine(),
    queryFn: ({ signal }) =>
      apiRequest<MyProjectsReply>('/api/marketplace/my-projects', {
        signal,
        fallbackMessage: 'Failed to load your projects',
      }),
  });
}

export function repliesQuery(id: string) {
  return queryOptions({
    queryKey: marketplaceKeys.replies(id),
    queryFn: ({ signal }) =>
      apiRequest<ListRepliesReply>(`${projectPath(id)}/replies`, { signal, fallbackMessage: 'Failed to load replies' }),
  });
}

/** The built-in project pictures or avatars: paths this server serves. Failures show the documented texts (docs/product/marketplace.md#the-create-project-wizard). */
export function picturesQuery(kind: 'image' | 'avatar') {
  return queryOptions({
    queryKey: marketplaceKeys.pictures(kind),
    queryFn: ({ signal }) =>
      apiRequest<ImagePathsReply>(kind === 'image' ? '/api/marketplace/marketplace-images' : '/api/avatars', {
        signal,
        silentUnauthorized: true,
      }),
    staleTime: 10 * 60_000,
  });
}

/** Whether the signed-in user's plan includes the marketplace (posting and replying). */
export function marketplaceAccessQuery(userId: string) {
  return queryOptions({
    queryKey: marketplaceKeys.access(userId),
    queryFn: async ({ signal }) => {
      const reply = await apiRequest<CapabilitiesReply>('/api/billing/capabilities', {
        signal,
        silentUnauthorized: true,
      });
      return reply.capabilities.features.marketplace;
    },
    staleTime: 60_000,
  });
}

/** POST /api/marketplace/projects. 401 is handled by the wizard (it keeps the pending project). */
export function createProject(body: CreateProjectBody & { email?: string; price?: string }) {
  return apiRequest<CreateProjectReply>('/api/marketplace/projects', {
    method: 'POST',
    body,
    silentUnauthorized: true,
  });
}

export function updateProject(id: string, body: UpdateProjectBody) {
  return apiRequest<MarketplaceProject>(projectPath(id), {
    method: 'PATCH',
    body,
    fallbackMessage: 'Failed to update the project',
  });
}

export function deleteProject(id: string) {
  return apiRequest<unknown>(projectPath(id), { method: 'DELETE', fallbackMessage: 'Failed to delete the project' });
}

export function sendReply(id: string, message: string) {
  return apiRequest<ProjectReply>(`${projectPath(id)}/replies`, {
    method: 'POST',
    body: { message },
    fallbackMessage: 'Failed to send your reply',
  });
}

/** GET /api/userprofile: what the contact step starts from. */
export function userProfileQuery(userId: string) {
  return queryOptions({
    queryKey: marketplaceKeys.profile(userId),
    queryFn: ({ signal }) => apiRequest<UserProfileReply>('/api/userprofile', { signal, silentUnauthorized: true }),
    staleTime: 5 * 60_000,
  });
}

export function saveUserProfile(body: UserProfileBody) {
  return apiRequest<UserProfileReply>('/api/userprofile', { method: 'POST', body, silentUnauthorized: true });
}

export function getUserRank(signal?: AbortSignal) {
  return apiRequest<UserRankReply>('/api/user/rank', {
    signal,
    silentUnauthorized: true,
    fallbackMessage: 'Failed to load your rank',
  });
}

/** POST /api/files: the raw file as the body, its name in a header, the purpose in the query. */
export async function uploadFile(file: File, purpose: FilePurpose): Promise<UploadedFile> {
  const response = await fetch(`/api/files?${new URLSearchParams({ purpose }).toString()}`, {
    method: 'POST',
    credentials: 'include',
    headers: {
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
      [FILE_NAME_HEADER]: encodeURIComponent(file.name),
    },
    body: file,
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.ok) return body as UploadedFile;
  const failure = describeHttpFailure({ status: response.status, body, fallback: 'Upload failed. Please try again.' });
  throw new ApiError({ status: response.status, body, message: failure.message, kind: failure.kind });
}
