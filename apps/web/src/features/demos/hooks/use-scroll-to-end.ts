import { useEffect, type RefObject } from 'react';

/** Keeps a message list scrolled to its newest entry. */
export function useScrollToEnd(ref: RefObject<HTMLElement | null>, items: readonly { content: string }[]) {
  const last = items.at(-1);
  const signature = `${items.length}:${last?.content.length ?? 0}`;
  useEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [ref, signature]);
}
