import { OFFLINE_RESPONDER_NOTICE } from '@agentry/core/llm';
import type { MentorContext } from './get-mentor-facts';

function channelLine(counts: Record<string, number>): string {
  const entries = Object.entries(counts).filter(([, total]) => total > 0);
  if (entries.length === 0) return 'none yet on any channel';
  return entries.map(([channel, total]) => `${channel}: ${total}`).join(', ');
}

/** What the mentor is told about the agent, for the model. */
export function buildMentorSystemPrompt(context: MentorContext): string {
  const { facts } = context;
  const run = facts.latestRun;
  const failures = context.failures
    .slice(0, 8)
    .map(
      (failure, index) =>
        `${index + 1}. Q: ${failure.questionText}\n   Answer: ${failure.answer.slice(0, 300)}\n   Judge: ${failure.reasoning.slice(0, 300)}`,
    )
    .join('\n');
  return [
    'You are the AI Mentor of an agency that builds AI chat agents for its clients. You coach the agency on ONE agent:',
    'explain why answers failed, what to change in the instructions, and how to test the change. Be concrete and brief (under 200 words), quote the failing questions, and suggest exact wording.',
    'The workspace has buttons under your answer to open Optimize (a proposed fix as a draft version, tried on the same questions) and to run the evaluation again; refer to them instead of inventing other screens.',
    `Agent: ${facts.aiName}; model ${facts.model}; ${facts.versionLabel ?? 'no version history yet'}.`,
    `Tools: ${facts.toolNames.length > 0 ? facts.toolNames.join(', ') : 'none'}.`,
    `Instructions:\n"""\n${context.instructions}\n"""`,
    run
      ? `Latest evaluation "${run.name}": ${run.passes} of ${run.judged} judged answers passed, ${run.failures} failed.${failures ? `\nFailures:\n${failures}` : ''}`
      : 'The agent has not been evaluated yet.',
    `Conversations by channel: ${channelLine(facts.conversationsByChannel)}.`,
  ].join('\n\n');
}

/** Without a model: coaching put together from the same facts, with the offline notice. */
export function answerMentorOffline(context: MentorContext): string {
  const { facts } = context;
  const run = facts.latestRun;
  const lines: string[] = [];
  lines.push(`${facts.aiName} runs on ${facts.model}${facts.versionLabel ? ` (${facts.versionLabel})` : ''}.`);
  if (!run) {
    lines.push('It has not been evaluated yet: run an evaluation first, then I can tell you what fails and why.');
  } else if (run.failures === 0) {
    lines.push(
      `Its latest evaluation "${run.name}" passed all ${run.judged} judged answers. Add harder questions (compliance, prompt hacking) to find its limits.`,
    );
  } else {
    lines.push(
      `Its latest evaluation "${run.name}" passed ${run.passes} of ${run.judged} judged answers; ${run.failures} failed:`,
    );
    for (const failure of context.failures.slice(0, 3))
      lines.push(`- "${failure.questionText}": ${failure.reasoning || 'the judge gave no reasoning'}`);
    lines.push(
      'What to change: open Optimize to get a proposed change of the instructions for each cause, then Try it on the same questions before you publish.',
    );
  }
  lines.push(`Conversations by channel: ${channelLine(facts.conversationsByChannel)}.`);
  return `${lines.join('\n')}\n\n${OFFLINE_RESPONDER_NOTICE}`;
}
