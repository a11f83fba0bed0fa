/** The connect pages whose channel is not built yet, and what each will do (shown honestly). */
export type PlannedChannel = 'sms' | 'whatsapp' | 'instagram' | 'add-agent' | 'team' | 'ai-settings';

export type PlannedChannelPage = {
  title: string;
  /** One sentence: what the page will do. */
  summary: string;
  /** What it will let the user do, in short bullet points. */
  plans: readonly string[];
};

export const plannedChannelPages: Record<PlannedChannel, PlannedChannelPage> = {
  sms: {
    title: 'SMS campaigns',
    summary: 'Your agent already answers text messages on the connections above; campaigns come next.',
    plans: ['Send campaigns to a contact list', 'Import contacts from a CSV', 'Let the agent reply to every answer'],
  },
  whatsapp: {
    title: 'WhatsApp Agent',
    summary: 'Your agent will answer WhatsApp Business conversations and send approved templates.',
    plans: ['Connect a WhatsApp Business account', 'Run template campaigns', 'Hand conversations to your team'],
  },
  instagram: {
    title: 'Instagram Agent',
    summary: 'Your agent will reply to Instagram direct messages for this account.',
    plans: ['Connect an Instagram professional account', 'Answer DMs around the clock', 'See every conversation here'],
  },
  'add-agent': {
    title: 'Add agent',
    summary: 'Agents are built in the workspace; every agent of this account can then answer on its channels.',
    plans: ['Create an agent from an idea', 'Test it in the chat', 'Choose it in the widget designer'],
  },
  team: {
    title: 'Team',
    summary: 'Invite people to this account as admins, members or viewers.',
    plans: ['Invite by e-mail', 'Choose a role for each person', 'Remove access at any time'],
  },
  'ai-settings': {
    title: 'Settings',
    summary: 'Account-wide AI settings: default model, provider keys and usage limits for this account.',
    plans: ['Pick the default model', 'Add your own provider keys', 'Set monthly limits'],
  },
};
