import type { PublicDemo } from '@agentry/core/demos';

/** The element the server writes the shared demo into (the answer of GET /api/shared-demos/:demoId). */
export const SENT_DEMO_ELEMENT_ID = 'shared-demo-data';

/**
 * The demo the server sent with the shared demo's page, when it is the one the address names;
 * undefined when there is none or it cannot be read (the page then asks the API itself).
 */
export function readSentDemo(page: Pick<Document, 'getElementById'>, demoId: string): PublicDemo | undefined {
  const text = page.getElementById(SENT_DEMO_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const demo = JSON.parse(text) as PublicDemo | null;
    return demo && typeof demo === 'object' && demo.demoId === demoId ? demo : undefined;
  } catch {
    return undefined;
  }
}
