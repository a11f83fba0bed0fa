/** Rewordings of a question when no AI provider is configured: fixed frames around the text, deterministic. */
export function offlineRewordings(options: { question: string; count: number }): string[] {
  const question = options.question.trim();
  const lowered = question.charAt(0).toLowerCase() + question.slice(1);
  const frames = [
    `Quick question: ${question}`,
    `I was wondering, ${lowered}`,
    `Could you help me with this? ${question}`,
    `${question} Please be specific.`,
    `Sorry to bother you, but ${lowered}`,
    `Can I ask something? ${question}`,
    `Honestly, I need to know: ${lowered}`,
    `${question} I'd appreciate a straight answer.`,
    `One more thing: ${lowered}`,
    `Let me put it another way. ${question}`,
  ];
  return Array.from({ length: options.count }, (_, index) => frames[index % frames.length] ?? question);
}
