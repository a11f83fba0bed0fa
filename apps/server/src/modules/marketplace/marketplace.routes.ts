import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATARS_PATH_PREFIX,
  CreateProjectBody,
  CreateProjectReply,
  CreateReplyBody,
  DailyLimitReply,
  ImagePathsReply,
  ListProjectsQuery,
  ListProjectsReply,
  ListRepliesReply,
  MARKETPLACE_IMAGES_PATH_PREFIX,
  MarketplaceProject,
  MyProjectsReply,
  ProjectParams,
  ProjectReply,
  UpdateProjectBody,
  UserProfileBody,
  UserProfileReply,
  UserRankReply,
  formatDailyLimitMessage,
} from '@agentry/core/marketplace';
import { serverRoot } from '../../paths';
import { createSupportId } from '../../platform/http/error-handler';
import { enforceRateLimit } from '../../platform/http/rate-limit';
import { loadOptionalSession, requireSession, signedInUser } from '../auth/guards';
import { createProject } from './create-project';
import { createReply } from './create-reply';
import { deleteProject } from './delete-project';
import { getProjectOrThrow } from './get-project-or-throw';
import { getUserRank } from './get-user-rank';
import { listImagePaths } from './list-image-paths';
import { listMyProjects } from './list-my-projects';
import { listProjects } from './list-projects';
import { listReplies } from './list-replies';
import { requireMarketplaceAccess } from './require-marketplace-access';
import { updateProject } from './update-project';
import { getUserProfile, saveUserProfile } from './user-profile';

const tags = ['marketplace'];
/** The built-in pictures: apps/server/assets/{marketplace/images,avatars}, served under /media/. */
const assetsDir = path.join(serverRoot, 'assets');
const REPLY_RATE_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 };

export async function registerMarketplaceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { config, cache, mailer } = app.platform;
  const viewerOf = (request: { signedIn: { user: { id: string } } | null }) => request.signedIn?.user.id ?? null;

  // SVGs are ours, but they are still documents: no scripts, no outside loads.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders(response) {
        response.setHeader('cache-control', 'public, max-age=86400');
        response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      },
    });
  });
  const avatarPaths = listImagePaths({ dir: path.join(assetsDir, 'avatars'), urlPrefix: AVATARS_PATH_PREFIX });
  const imagePaths = listImagePaths({
    dir: path.join(assetsDir, 'marketplace', 'images'),
    urlPrefix: MARKETPLACE_IMAGES_PATH_PREFIX,
  });

  app.get(
    '/api/avatars',
    { schema: { tags, summary: 'Avatar pictures for projects and profiles', response: { 200: ImagePathsReply } } },
    () => avatarPaths,
  );
  app.get(
    '/api/marketplace/marketplace-images',
    { schema: { tags, summary: 'Project pictures', response: { 200: ImagePathsReply } } },
    () => imagePaths,
  );

  app.get(
    '/api/marketplace/projects',
    {
      preHandler: loadOptionalSession,
      schema: {
        tags,
        summary: 'Browse live projects',
        querystring: ListProjectsQuery,
        response: { 200: ListProjectsReply },
      },
    },
    (request) => listProjects({ db, query: request.query, viewerUserId: viewerOf(request) }),
  );

  app.post(
    '/api/marketplace/projects',
    {
      preHandler: [requireSession, requireMarketplaceAccess],
      schema: {
        tags,
        summary: 'Post a project (daily limit per user)',
        body: CreateProjectBody,
        response: { 201: CreateProjectReply, 429: DailyLimitReply },
      },
    },
    async (request, reply) => {
      const signedIn = signedInUser(request);
      const dailyLimit = config.marketplace.dailyProjectLimit;
      const result = await createProject({
        db,
        userId: signedIn.id,
        email: signedIn.email,
        body: request.body,
        dailyLimit,
      });
      if (!result.isCreated) {
        const message = formatDailyLimitMessage(dailyLimit, result.projectsToday);
        request.log.info({ userId: signedIn.id, dailyLimit }, 'marketplace daily limit reached');
        return reply.status(429).send({
          dailyLimitReached: true,
          dailyLimit,
          projectsToday: result.projectsToday,
          message,
          error: { code: 'DAILY_LIMIT_REACHED', message, support_id: createSupportId() },
        });
      }
      return reply.status(201).send({
        message: 'Your project has been successfully submitted and is now live.',
        dailyLimitReached: false,
        dailyLimit,
        projectsToday: result.projectsToday,
        project: result.project,
      });
    },
  );

  app.get(
    '/api/marketplace/projects/:id',
    {
      preHandler: loadOptionalSession,
      schema: {
        tags,
        summary: 'One project (closed ones for their author only)',
        params: ProjectParams,
        response: { 200: MarketplaceProject },
      },
    },
    (request) => getProjectOrThrow({ db, projectId: request.params.id, viewerUserId: viewerOf(request) }),
  );

  app.get(
    '/api/marketplace/my-projects',
    {
      preHandler: requireSession,
      schema: { tags, summary: "The caller's projects", response: { 200: MyProjectsReply } },
    },
    async (request) => ({
      projects: await listMyProjects({ db, userId: signedInUser(request).id }),
    }),
  );

  app.patch(
    '/api/marketplace/projects/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Edit, close or reopen your project',
        params: ProjectParams,
        body: UpdateProjectBody,
        response: { 200: MarketplaceProject },
      },
    },
    (request) =>
      updateProject({ db, projectId: request.params.id, userId: signedInUser(request).id, body: request.body }),
  );

  app.delete(
    '/api/marketplace/projects/:id',
    {
      preHandler: requireSession,
      schema: { tags, summary: 'Delete your project', params: ProjectParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteProject({ db, projectId: request.params.id, userId: signedInUser(request).id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/marketplace/projects/:id/replies',
    {
      preHandler: [requireSession, requireMarketplaceAccess],
      schema: {
        tags,
        summary: 'Answer a project; its author is e-mailed',
        params: ProjectParams,
        body: CreateReplyBody,
        response: { 201: ProjectReply },
      },
    },
    async (request, reply) => {
      const sender = signedInUser(request);
      await enforceRateLimit({ cache, key: `marketplace-reply:${sender.id}`, ...REPLY_RATE_LIMIT });
      const created = await createReply({
        db,
        mailer,
        logger: request.log,
        publicUrl: config.publicUrl,
        projectId: request.params.id,
        sender: { id: sender.id, name: sender.name, email: sender.email },
        message: request.body.message,
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/marketplace/projects/:id/replies',
    {
      preHandler: requireSession,
      schema: { tags, summary: 'Replies to your project', params: ProjectParams, response: { 200: ListRepliesReply } },
    },
    async (request) => ({
      replies: await listReplies({ db, projectId: request.params.id, userId: signedInUser(request).id }),
    }),
  );

  app.get(
    '/api/userprofile',
    {
      preHandler: requireSession,
      schema: { tags, summary: 'Your marketplace profile', response: { 200: UserProfileReply } },
    },
    (request) => getUserProfile({ db, userId: signedInUser(request).id }),
  );

  app.post(
    '/api/userprofile',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Save name, business name and picture',
        body: UserProfileBody,
        response: { 200: UserProfileReply },
      },
    },
    (request) => saveUserProfile({ db, userId: signedInUser(request).id, body: request.body }),
  );

  app.get(
    '/api/user/rank',
    {
      preHandler: requireSession,
      schema: { tags, summary: 'Your rank from your activity', response: { 200: UserRankReply } },
    },
    async (request, reply) => {
      const rank = await getUserRank({ db, userId: signedInUser(request).id });
      // docs/product/marketplace.md#rank: clients fetch it at most once a minute.
      return reply.header('cache-control', 'private, max-age=60').send(rank);
    },
  );
}
