import type { RouteObject } from 'react-router';

/**
 * The sidebar layout and its libraries (menus, sheets, the credit meter, billing hooks) are a
 * chunk of their own, loaded with the first workspace page: the landing page never downloads it.
 */
const loadWorkspaceLayout = () => import('../layouts/workspace-layout').then((m) => m.WorkspaceLayout);
const loadRouteError = async () => ({
  ErrorBoundary: await import('../layouts/workspace-route-error').then((m) => m.WorkspaceRouteError),
});

/**
 * Every workspace route (docs/product/accounts-and-team.md#routes). Pages are
 * placeholders until their feature lands; each is its own lazy chunk.
 */
export const workspacePages: RouteObject[] = [
  {
    path: '/agents/create',
    lazy: () => import('@/features/agents/routes/create-agent-page').then((m) => ({ Component: m.CreateAgentPage })),
  },
  {
    path: '/agents/workspace',
    lazy: () =>
      import('@/features/workspace/routes/agent-workspace-page').then((m) => ({ Component: m.AgentWorkspacePage })),
  },
  {
    path: '/agents',
    lazy: () => import('@/features/agents/routes/agents-page').then((m) => ({ Component: m.AgentsPage })),
  },
  {
    path: '/build',
    lazy: () => import('@/features/agents/routes/build-hub-page').then((m) => ({ Component: m.BuildHubPage })),
  },
  {
    path: '/optimize',
    lazy: () => import('@/features/optimize/routes/optimize-page').then((m) => ({ Component: m.OptimizePage })),
  },
  { path: '/demo', lazy: () => import('@/features/demos/routes/demos-page').then((m) => ({ Component: m.DemosPage })) },
  {
    path: '/demo/:demoId',
    lazy: () => import('@/features/demos/routes/demo-editor-page').then((m) => ({ Component: m.DemoEditorPage })),
  },
  {
    path: '/connect',
    lazy: () => import('@/features/connect/routes/launch-page').then((m) => ({ Component: m.LaunchPage })),
  },
  {
    path: '/usage',
    lazy: () => import('@/features/billing/routes/usage-page').then((m) => ({ Component: m.UsagePage })),
  },
  {
    path: '/apitester',
    lazy: () => import('@/features/api-keys/routes/api-tester-page').then((m) => ({ Component: m.ApiTesterPage })),
  },
  { path: '/settings', lazy: () => import('../pages/settings-page').then((m) => ({ Component: m.SettingsPage })) },
  {
    path: '/dashboard',
    lazy: () =>
      import('@/features/evaluation/routes/evaluation-runs-page').then((m) => ({ Component: m.EvaluationRunsPage })),
  },
  {
    path: '/aimentor',
    lazy: () => import('@/features/optimize/routes/ai-mentor-page').then((m) => ({ Component: m.AiMentorPage })),
  },
  {
    path: '/new-evaluation',
    lazy: () =>
      import('@/features/evaluation/routes/new-evaluation-page').then((m) => ({ Component: m.NewEvaluationPage })),
  },
  {
    path: '/new-evaluation/openai-assistants',
    lazy: () =>
      import('@/features/evaluation/routes/assistants-evaluation-page').then((m) => ({
        Component: m.AssistantsEvaluationPage,
      })),
  },
  {
    path: '/new-evaluation/openai-chatcompletion',
    lazy: () =>
      import('@/features/evaluation/routes/chat-completion-evaluation-page').then((m) => ({
        Component: m.ChatCompletionEvaluationPage,
      })),
  },
  {
    path: '/new-evaluation/running',
    lazy: () =>
      import('@/features/evaluation/routes/evaluation-running-page').then((m) => ({
        Component: m.EvaluationRunningPage,
      })),
  },
  {
    path: '/new-evaluation/settings',
    lazy: () =>
      import('@/features/evaluation/routes/test-settings-page').then((m) => ({ Component: m.TestSettingsPage })),
  },
  {
    path: '/new-evaluation/results/:runId',
    lazy: () =>
      import('@/features/evaluation/routes/evaluation-results-page').then((m) => ({
        Component: m.EvaluationResultsPage,
      })),
  },
  {
    path: '/subaccounts/:subaccountId/agents',
    lazy: () => import('@/features/agents/routes/agents-page').then((m) => ({ Component: m.AgentsPage })),
  },
  {
    path: '/subaccounts/:subaccountId/agents/:agentId',
    lazy: () => import('@/features/agents/routes/agent-page').then((m) => ({ Component: m.AgentPage })),
  },
  {
    path: '/success',
    lazy: () =>
      import('@/features/billing/routes/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })),
  },
];

/** The marketplace's pages; see the /marketplace route below for who sees them in which frame. */
const marketplacePages: RouteObject[] = [
  {
    index: true,
    lazy: () =>
      import('@/features/marketplace/routes/marketplace-page').then((m) => ({ Component: m.MarketplacePage })),
  },
  {
    path: 'projects/:id',
    lazy: () => import('@/features/marketplace/routes/project-page').then((m) => ({ Component: m.ProjectPage })),
  },
];

const helpPages: RouteObject[] = [
  {
    path: '/howitworks',
    lazy: () => import('@/features/marketing/routes/video-guides-page').then((m) => ({ Component: m.VideoGuidesPage })),
  },
  {
    path: '/support',
    lazy: () => import('@/features/marketing/routes/support-page').then((m) => ({ Component: m.SupportPage })),
  },
  {
    path: '/affiliate',
    lazy: () => import('@/features/marketing/routes/affiliate-page').then((m) => ({ Component: m.AffiliatePage })),
  },
];

/** The signed-in workspace: sidebar layout and every workspace route. */
export const workspaceRoutes: RouteObject[] = [
  {
    // Open to signed-out visitors too (docs/product/marketplace.md#the-create-project-wizard: they browse and start the wizard):
    // signed-in users see it inside the workspace layout, visitors in a light public frame.
    path: '/marketplace',
    lazy: async () => {
      const [{ MarketplaceShell }, WorkspaceLayout] = await Promise.all([
        import('@/features/marketplace/routes/marketplace-shell'),
        loadWorkspaceLayout(),
      ]);
      return { element: <MarketplaceShell signedInLayout={<WorkspaceLayout />} /> };
    },
    children: [{ lazy: loadRouteError, children: marketplacePages }],
  },
  {
    // The guides, support and affiliate pages are linked from the landing page: open to visitors
    // too, inside the workspace for signed-in users.
    lazy: async () => {
      const [{ HelpShell }, WorkspaceLayout] = await Promise.all([
        import('@/features/marketing/routes/help-shell'),
        loadWorkspaceLayout(),
      ]);
      return { element: <HelpShell signedInLayout={<WorkspaceLayout />} /> };
    },
    children: [{ lazy: loadRouteError, children: helpPages }],
  },
  {
    // Pathless, so '/' stays the landing page; the children carry the paths.
    lazy: async () => ({ Component: await loadWorkspaceLayout() }),
    // A pathless child keeps page errors inside the layout, so the sidebar stays usable.
    children: [{ lazy: loadRouteError, children: workspacePages }],
  },
];
