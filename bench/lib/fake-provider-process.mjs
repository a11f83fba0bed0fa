// The fake provider of bench/evaluation-floor.mjs, in its own process: answers every call after 20 ms.
import { tsImport } from 'tsx/esm/api';

const { startFakeOpenAiServer } = await tsImport('../../apps/server/src/test/fake-openai-server.ts', import.meta.url);
const fake = await startFakeOpenAiServer();
fake.setDelays({ responseMs: 20 });
fake.respondWith(() => ({ text: 'Our panels come with a 25-year warranty and installation takes two days.' }));
process.send(fake.url);
