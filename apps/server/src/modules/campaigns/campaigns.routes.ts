import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Campaign,
  CampaignOptionsReply,
  CampaignSettingsBody,
  CreateCampaignBody,
  ImportCsvQuery,
  ImportReport,
  ListCampaignRepliesReply,
  ListCampaignsQuery,
  ListCampaignsReply,
  ListRecipientsQuery,
  ListRecipientsReply,
  campaignLimits,
} from '@agentry/core/campaigns';
import { AppError } from '../../platform/http/app-error';
import { campaign } from './campaigns.tables';
import { requirePermission, signedInUser } from '../auth/guards';
import { addContactRecipients } from './add-contact-recipients';
import { campaignNotFound, getCampaignOrThrow } from './get-campaign-or-throw';
import { getCampaignOptions } from './get-campaign-options';
import { importCsvRecipients } from './import-csv-recipients';
import { listCampaigns } from './list-campaigns';
import { listCampaignReplies, listRecipients } from './list-recipients';
import { createCampaign, updateCampaign } from './save-campaign';
import { startCampaign, stopCampaign } from './control-campaign';

const tags = ['campaigns'];
const SubaccountParams = z.object({ subaccountId: z.string().min(1) });
const CampaignParams = z.object({ subaccountId: z.string().min(1), campaignId: z.string().min(1) });

/**
 * SMS and WhatsApp campaigns of a sub account (docs/product/channels.md#campaigns). Every
 * route names the sub account; the permission table decides (outsiders 404, viewers read).
 */
export function registerCampaignRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.platform.database;
  const { queue, events } = app.platform;
  const noStore = { 'cache-control': 'no-store' };

  const getOne = async (subaccountId: string, campaignId: string) => {
    const [found] = await listCampaigns({ db, subaccountId, campaignIds: [campaignId] });
    if (!found) throw campaignNotFound();
    return found;
  };

  app.get(
    '/api/subaccounts/:subaccountId/campaigns',
    {
      preValidation: requirePermission('campaign.read'),
      schema: {
        tags,
        params: SubaccountParams,
        querystring: ListCampaignsQuery,
        response: { 200: ListCampaignsReply },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({
        campaigns: await listCampaigns({
          db,
          subaccountId: request.params.subaccountId,
          channel: request.query.channel,
        }),
      }),
  );

  app.get(
    '/api/subaccounts/:subaccountId/campaign-options',
    {
      preValidation: requirePermission('campaign.read'),
      schema: { tags, params: SubaccountParams, response: { 200: CampaignOptionsReply } },
    },
    async (request, reply) => reply.headers(noStore).send(await getCampaignOptions(db, request.params.subaccountId)),
  );

  app.post(
    '/api/subaccounts/:subaccountId/campaigns',
    {
      preValidation: requirePermission('campaign.manage'),
      schema: { tags, params: SubaccountParams, body: CreateCampaignBody, response: { 201: Campaign } },
    },
    async (request, reply) => {
      const { subaccountId } = request.params;
      const id = await createCampaign({
        db,
        subaccountId,
        userId: signedInUser(request).id,
        body: request.body,
      });
      return reply.status(201).send(await getOne(subaccountId, id));
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId',
    {
      preValidation: requirePermission('campaign.read'),
      schema: {
        tags,
        params: CampaignParams,
        response: { 200: Campaign.extend({ importReport: ImportReport.nullable() }) },
      },
    },
    async (request, reply) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      return reply
        .headers(noStore)
        .send({ ...(await getOne(subaccountId, campaignId)), importReport: row.importReport });
    },
  );

  app.patch(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId',
    {
      preValidation: requirePermission('campaign.manage'),
      schema: { tags, params: CampaignParams, body: CampaignSettingsBody, response: { 200: Campaign } },
    },
    async (request) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      await updateCampaign({ db, subaccountId, row, body: request.body });
      return getOne(subaccountId, campaignId);
    },
  );

  app.delete(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId',
    { preValidation: requirePermission('campaign.manage'), schema: { tags, params: CampaignParams } },
    async (request, reply) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      // Only drafts are deleted: a sent campaign is part of the conversations' history.
      const [deleted] = await db
        .delete(campaign)
        .where(and(eq(campaign.id, row.id), eq(campaign.status, 'draft')))
        .returning({ id: campaign.id });
      if (!deleted) throw new AppError('CONFLICT', { message: 'Only a draft campaign can be deleted' });
      return reply.status(204).send();
    },
  );

  // CSV uploads arrive as a stream (text/csv), parsed row by row; only this route accepts them.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('text/csv', { bodyLimit: campaignLimits.csvMaxBytes }, (_request, payload, done) =>
      // A function: the malformed-text check walks object bodies, and must not walk a stream's internals.
      done(null, () => payload),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/subaccounts/:subaccountId/campaigns/:campaignId/recipients/csv',
      {
        preValidation: requirePermission('campaign.manage'),
        bodyLimit: campaignLimits.csvMaxBytes,
        schema: { tags, params: CampaignParams, querystring: ImportCsvQuery, response: { 200: ImportReport } },
      },
      async (request) => {
        const { subaccountId, campaignId } = request.params;
        const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
        if (row.status !== 'draft') throw new AppError('CONFLICT', { message: 'Only a draft campaign can be changed' });
        const body = request.body as (() => Readable) | undefined;
        const stream = typeof body === 'function' ? body() : undefined;
        if (!stream || typeof stream.pipe !== 'function')
          throw new AppError('VALIDATION_ERROR', { message: 'Upload the CSV file as text/csv' });
        return importCsvRecipients({ db, campaign: row, stream, query: request.query });
      },
    );
    done();
  });

  app.post(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId/recipients/contacts',
    {
      preValidation: requirePermission('campaign.manage'),
      schema: { tags, params: CampaignParams, response: { 200: ImportReport } },
    },
    async (request) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      return addContactRecipients({ db, row });
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId/recipients',
    {
      preValidation: requirePermission('campaign.read'),
      schema: {
        tags,
        params: CampaignParams,
        querystring: ListRecipientsQuery,
        response: { 200: ListRecipientsReply },
      },
    },
    async (request, reply) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      return reply.headers(noStore).send(await listRecipients({ db, campaignId: row.id, ...request.query }));
    },
  );

  app.get(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId/replies',
    {
      preValidation: requirePermission('campaign.read'),
      schema: { tags, params: CampaignParams, response: { 200: ListCampaignRepliesReply } },
    },
    async (request, reply) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      return reply.headers(noStore).send(await listCampaignReplies({ db, row }));
    },
  );

  app.post(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId/start',
    {
      preValidation: requirePermission('campaign.manage'),
      schema: { tags, params: CampaignParams, response: { 200: Campaign } },
    },
    async (request) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      await startCampaign({ db, queue, row });
      return getOne(subaccountId, campaignId);
    },
  );

  app.post(
    '/api/subaccounts/:subaccountId/campaigns/:campaignId/stop',
    {
      preValidation: requirePermission('campaign.manage'),
      schema: { tags, params: CampaignParams, response: { 200: Campaign } },
    },
    async (request) => {
      const { subaccountId, campaignId } = request.params;
      const row = await getCampaignOrThrow({ db, subaccountId, campaignId });
      await stopCampaign({ db, events, row });
      return getOne(subaccountId, campaignId);
    },
  );
}
