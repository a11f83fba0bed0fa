import { renderCampaignMessage, renderContentVariables } from '@agentry/core/campaigns';
import type { OutboundMessage } from '../channels/messaging-provider';
import type { campaign, campaignRecipient } from './campaigns.tables';

/** The message one recipient gets: the template filled with their variables (WhatsApp: the approved template). */
export function toOutboundMessage(
  row: Pick<typeof campaign.$inferSelect, 'channel' | 'messageTemplate' | 'contentSid' | 'contentVariables'>,
  recipient: Pick<typeof campaignRecipient.$inferSelect, 'address' | 'variables'>,
): OutboundMessage & { body: string } {
  const body = renderCampaignMessage(row.messageTemplate, recipient.variables);
  if (row.channel === 'whatsapp' && row.contentSid)
    return {
      channel: 'whatsapp',
      to: recipient.address,
      body,
      contentSid: row.contentSid,
      contentVariables: renderContentVariables(row.contentVariables, recipient.variables),
    };
  return { channel: row.channel, to: recipient.address, body };
}
