import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The web tests share two cores with the server tests in `npm test`; a lazy route can take
// longer than Testing Library's default 1 s to appear there (a lazy route is transformed on its first import in a worker). Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
