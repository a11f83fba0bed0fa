import { SHARED_DEMO_DATA_ELEMENT_ID } from '@agentry/core/demo-rules';
import type { PublicDemo } from '@agentry/core/demos';

/**
 * The demo the server sent with the shared demo's page, when it is the one the address names;
 * undefined when there is none or it cannot be read (the page then asks the API itself).
 */
export function readSentDemo(page: Pick<Document, 'getElementById'>, demoId: string): PublicDemo | undefined {
  const text = page.getElementById(SHARED_DEMO_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const demo = JSON.parse(text) as PublicDemo | null;
    return demo && typeof demo === 'object' && demo.demoId === demoId ? demo : undefined;
  } catch {
    return undefined;
  }
}
