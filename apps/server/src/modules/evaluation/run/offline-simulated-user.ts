/**
 * The simulated user's message when no AI provider is configured: deterministic, built from
 * the user description, so `npm start` without keys still runs an evaluation end to end.
 * Conversations that used it are marked offline in the results.
 */
export function offlineSimulatedUserMessage(options: { userDescription: string; turn: number }): string {
  const description = options.userDescription.trim().replace(/[.!?]+$/, '');
  const lines = [
    description ? `Hi! ${description}.` : 'Hi! I have a question.',
    'Thanks. Could you tell me a bit more about that?',
    'That helps. What would you recommend for someone like me?',
    'Good to know. Is there anything else I should keep in mind?',
  ];
  return lines[(options.turn - 1) % lines.length] ?? lines[0] ?? 'Hi!';
}
