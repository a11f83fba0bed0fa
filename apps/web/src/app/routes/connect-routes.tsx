import type { RouteObject } from 'react-router';
import type { CampaignChannel } from '@agentry/core/campaigns';
import type { PlannedChannel } from '@/features/connect/lib/channel-pages';

const notFound = () => import('@/features/marketing/routes/not-found-page').then((m) => <m.NotFoundPage />);

const planned = (channel: PlannedChannel) => () =>
  import('@/features/connect/routes/planned-channel-page').then((m) => ({
    element: <m.PlannedChannelPage channel={channel} />,
  }));

/** The campaign pages of one channel: list, new, detail, edit (they rank above `sms/*`). */
const campaignRoutes = (channel: CampaignChannel): RouteObject[] => [
  {
    path: `${channel}/campaigns`,
    lazy: () =>
      import('@/features/campaigns/routes/campaigns-page').then((m) => ({
        element: <m.CampaignsPage channel={channel} />,
      })),
  },
  {
    path: `${channel}/campaigns/new`,
    lazy: () =>
      import('@/features/campaigns/routes/campaign-form-page').then((m) => ({
        element: <m.CampaignFormPage channel={channel} />,
      })),
  },
  {
    path: `${channel}/campaigns/:campaignId`,
    lazy: () =>
      import('@/features/campaigns/routes/campaign-detail-page').then((m) => ({
        element: <m.CampaignDetailPage channel={channel} />,
      })),
  },
  {
    path: `${channel}/campaigns/:campaignId/edit`,
    lazy: () =>
      import('@/features/campaigns/routes/campaign-form-page').then((m) => ({
        element: <m.CampaignFormPage channel={channel} />,
      })),
  },
];

/**
 * The connect area (docs/product/accounts-and-team.md#account-area-connectid, Account sidebar layout): `/:connectId/...`, connectId = a sub
 * account id. Static workspace paths (/agents, /connect, ...) rank above this dynamic segment, so
 * they keep winning; an unknown or foreign connectId shows the 404 page.
 */
export const connectRoutes: RouteObject[] = [
  {
    path: '/:connectId',
    lazy: async () => {
      const [{ ConnectLayout }, notFoundPage] = await Promise.all([
        import('@/features/connect/components/shell/connect-layout'),
        notFound(),
      ]);
      return { element: <ConnectLayout notFound={notFoundPage} /> };
    },
    children: [
      {
        index: true,
        lazy: () =>
          import('@/features/connect/routes/connect-index-redirect').then((m) => ({
            Component: m.ConnectIndexRedirect,
          })),
      },
      {
        path: 'dashboard',
        lazy: () =>
          import('@/features/connect/routes/conversations-page').then((m) => ({ Component: m.ConversationsPage })),
      },
      {
        path: 'website-widget',
        lazy: () =>
          import('@/features/connect/routes/website-widget-page').then((m) => ({ Component: m.WebsiteWidgetPage })),
      },
      ...campaignRoutes('sms'),
      ...campaignRoutes('whatsapp'),
      {
        path: 'sms/*',
        lazy: () => import('@/features/connect/routes/sms-page').then((m) => ({ Component: m.SmsPage })),
      },
      {
        path: 'link3',
        lazy: () =>
          import('@/features/connect/routes/instagram-agent-page').then((m) => ({ Component: m.InstagramAgentPage })),
      },
      {
        path: 'website-block',
        lazy: () =>
          import('@/features/connect/routes/website-widget-page').then((m) => ({ Component: m.WebsiteBlockPage })),
      },
      { path: 'add-agent', lazy: planned('add-agent') },
      {
        path: 'team',
        lazy: () => import('@/features/team/routes/team-page').then((m) => ({ Component: m.TeamPage })),
      },
      {
        path: 'ai-settings',
        // The provider keys section belongs to the agents feature; the app composes it in.
        lazy: async () => {
          const [settings, keys] = await Promise.all([
            import('@/features/connect/routes/account-settings-page'),
            import('@/features/agents/components/provider-keys-section'),
          ]);
          return {
            element: <settings.AccountSettingsPage providerKeys={(props) => <keys.ProviderKeysSection {...props} />} />,
          };
        },
      },
    ],
  },
];
