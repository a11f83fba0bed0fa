import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../route-handle';

/** Marketing, legal, auth helper pages and the 404 (owned by the marketing/auth features). */
export const publicRoutes: RouteObject[] = [
  { path: '/', lazy: () => import('../pages/landing-page').then((m) => ({ Component: m.LandingPage })) },
  { path: '/offers', lazy: () => import('../pages/offers-page').then((m) => ({ Component: m.OffersPage })) },
  {
    path: '/terms',
    lazy: () => import('@/features/marketing/routes/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: '/privacy-policy',
    lazy: () =>
      import('@/features/marketing/routes/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
  },
  // Demos: the creator's full-page preview (signed in, no workspace frame) and the public shared / embedded (?embed=true) page.
  {
    path: '/demo/:demoId/preview',
    lazy: () => import('@/features/demos/routes/demo-preview-page').then((m) => ({ Component: m.DemoPreviewPage })),
  },
  {
    path: '/shared/:demoId',
    lazy: () => import('@/features/demos/routes/shared-demo-page').then((m) => ({ Component: m.SharedDemoPage })),
    // A prospect's page: the account dialogs load only if asked for, not while the demo starts.
    handle: { isForProspects: true } satisfies RouteHandle,
  },
  {
    path: '/auth/signin',
    lazy: () => import('@/features/auth/routes/sign-in-entry-page').then((m) => ({ Component: m.SignInEntryPage })),
  },
  {
    path: '/invite/:token',
    lazy: () =>
      import('@/features/team/routes/accept-invitation-page').then((m) => ({ Component: m.AcceptInvitationPage })),
  },
  {
    path: '/dev/phone',
    lazy: () => import('@/features/connect/routes/dev-phone-page').then((m) => ({ Component: m.DevPhonePage })),
  },
  {
    path: '/dev/mailbox',
    lazy: () => import('@/features/auth/routes/dev-mailbox-page').then((m) => ({ Component: m.DevMailboxPage })),
  },
  {
    path: '/dev/dm/:connectionId',
    lazy: () => import('@/features/demos/routes/dm-simulator-page').then((m) => ({ Component: m.DmSimulatorPage })),
  },
  {
    path: '*',
    lazy: () => import('@/features/marketing/routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  },
];
