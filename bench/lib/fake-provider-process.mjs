// The fake provider of bench/evaluation-floor.mjs and bench/provider-client.mjs, in its own process:
// answers every call after FAKE_RESPONSE_MS (20 ms unless set), with FAKE_ANSWER when set.
import { tsImport } from 'tsx/esm/api';

const { startFakeOpenAiServer } = await tsImport('../../apps/server/src/test/fake-openai-server.ts', import.meta.url);
const fake = await startFakeOpenAiServer();
fake.setDelays({ responseMs: Number(process.env.FAKE_RESPONSE_MS ?? 20) });
const answer = process.env.FAKE_ANSWER ?? 'Our panels come with a 25-year warranty and installation takes two days.';
fake.respondWith(() => ({ text: answer }));
process.send(fake.url);
