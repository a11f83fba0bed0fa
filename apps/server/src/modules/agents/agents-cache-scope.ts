/**
 * The cache scope of what the chat hot paths remember about agents: a widget's deployed agent,
 * an agent the public API answers as. Forget it after any agent or widget deployment changes.
 */
export const AGENTS_SCOPE = 'agents';
