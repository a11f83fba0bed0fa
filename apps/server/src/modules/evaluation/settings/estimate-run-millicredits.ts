import { millicreditsForCost } from '@agentry/core/credits';
import { costForUsage } from '@agentry/core/llm';
import type { PlannedConversation } from '../run/plan-conversations';

/** Typical sizes of a call, in tokens (a run is checked against these, each call against its maximum). */
const TYPICAL = {
  assistant: { input: 600, inputPerTurn: 250, output: 250 },
  simulatedUser: { input: 400, inputPerTurn: 250, output: 60 },
  judge: { input: 900, inputPerTurn: 300, output: 250 },
  rewording: { input: 200, outputPerRewording: 60 },
};

/**
 * What a run is expected to cost in credits on billed routes: every call of every planned
 * conversation at typical sizes. Routes on the sub account's own key or offline cost nothing.
 */
export function estimateRunMillicredits(options: {
  conversations: readonly PlannedConversation[];
  assistantModel: string | null;
  testingModel: string | null;
}): number {
  const { assistantModel, testingModel } = options;
  let costUsd = 0;
  for (const conversation of options.conversations) {
    const turns = conversation.whenToAsk;
    for (let turn = 1; turn <= turns; turn += 1) {
      if (assistantModel) {
        costUsd += costForUsage({
          model: assistantModel,
          inputTokens: TYPICAL.assistant.input + TYPICAL.assistant.inputPerTurn * turn,
          outputTokens: TYPICAL.assistant.output,
        });
      }
      if (testingModel && turn < turns) {
        costUsd += costForUsage({
          model: testingModel,
          inputTokens: TYPICAL.simulatedUser.input + TYPICAL.simulatedUser.inputPerTurn * turn,
          outputTokens: TYPICAL.simulatedUser.output,
        });
      }
    }
    if (testingModel) {
      costUsd += costForUsage({
        model: testingModel,
        inputTokens: TYPICAL.judge.input + TYPICAL.judge.inputPerTurn * turns,
        outputTokens: TYPICAL.judge.output,
      });
      if (conversation.variation === 2)
        costUsd += costForUsage({
          model: testingModel,
          inputTokens: TYPICAL.rewording.input,
          outputTokens: TYPICAL.rewording.outputPerRewording * 10,
        });
    }
  }
  return millicreditsForCost(costUsd);
}
