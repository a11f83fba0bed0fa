import type { Ref } from 'react';
import { CloseIcon } from './icons';

type ChatBubbleProps = {
  message: string;
  openLabel: string;
  closeLabel: string;
  onOpen: () => void;
  onDismiss: () => void;
  bubbleRef?: Ref<HTMLDivElement>;
};

/** The popup message next to the launcher, with its own close button. */
export function ChatBubble({ message, openLabel, closeLabel, onOpen, onDismiss, bubbleRef }: ChatBubbleProps) {
  return (
    <div className="aw-bubble" ref={bubbleRef}>
      <button type="button" className="aw-bubble-text" onClick={onOpen} aria-label={`${openLabel}: ${message}`}>
        {message}
      </button>
      <button type="button" className="aw-bubble-close" aria-label={closeLabel} onClick={onDismiss}>
        <CloseIcon className="aw-icon-sm" />
      </button>
    </div>
  );
}
