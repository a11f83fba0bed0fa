import type { LanguageModel } from 'ai';

/** The AI SDK's language model interface (specification v3): every provider adapter answers one. */
export type ChatModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;
export type ChatModelCallOptions = Parameters<ChatModel['doGenerate']>[0];
export type ChatModelGenerateResult = Awaited<ReturnType<ChatModel['doGenerate']>>;
export type ChatModelStreamPart =
  Awaited<ReturnType<ChatModel['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;
