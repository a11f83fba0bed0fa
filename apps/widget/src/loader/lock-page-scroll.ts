/**
 * Stops the host page from scrolling behind the full-screen widget; answers the function that
 * puts back exactly what the page had set inline before.
 */
export function lockPageScroll(document: Document): () => void {
  const elements = [document.documentElement, document.body];
  const saved = elements.map((element) => element.style.overflow);
  for (const element of elements) element.style.overflow = 'hidden';
  return () => {
    elements.forEach((element, index) => {
      element.style.overflow = saved[index] || '';
    });
  };
}
