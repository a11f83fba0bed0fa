import type { ResizeWidgetMessage } from '@agentry/core/widget';

/** What the parent page may ask (docs/product/widget.md#in-the-visitors-browser: AIChatWidget.open/close/toggle/reset/identify). */
export type ParentMessage =
  | { type: 'open-widget' }
  | { type: 'close-widget' }
  | { type: 'toggle-widget' }
  | { type: 'reset-widget' }
  | { type: 'identify'; contact: WidgetContact }
  /** Not in the documented list: the loader may report the page's viewport so the widget knows when it is on mobile. */
  | { type: 'viewport'; width: number; height: number };

export type WidgetContact = { id?: string; name?: string; email?: string };

/** What the widget posts to the parent page. */
export type WidgetToParentMessage =
  | { type: 'widget-opened' }
  | { type: 'widget-closed' }
  | ResizeWidgetMessage
  | { type: 'show-bubble'; message: string }
  | { type: 'hide-bubble' }
  /** The loader keeps `value` in the host page's own storage and hands it back as #host= (host-state.ts). */
  | { type: 'store'; value: string };

const simpleTypes = new Set(['open-widget', 'close-widget', 'toggle-widget', 'reset-widget']);

function optionalText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/**
 * Validates a parent message by hand (zod would not fit the iframe's 40 KB budget). `identify`
 * takes its fields under `contact` (what the loader sends), under `data`, or at the top level.
 */
export function parseParentMessage(data: unknown): ParentMessage | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string') return null;
  if (simpleTypes.has(type)) return { type } as ParentMessage;
  if (type === 'viewport') {
    const { width, height } = record;
    return typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0
      ? { type, width, height }
      : null;
  }
  if (type !== 'identify') return null;
  const nested = record.contact ?? record.data;
  const source = nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : record;
  const contact: WidgetContact = {};
  const id = optionalText(source.id, 100);
  const name = optionalText(source.name, 120);
  const email = optionalText(source.email, 200);
  if (id) contact.id = id;
  if (name) contact.name = name;
  if (email) contact.email = email;
  if (!id && !name && !email) return null;
  return { type: 'identify', contact };
}

/** Only messages from our own parent window and its pinned origin count. */
export function isTrustedParentEvent(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  parentOrigin: string | null,
  parentWindow: unknown,
): boolean {
  return (
    parentOrigin !== null && event.origin === parentOrigin && event.source !== null && event.source === parentWindow
  );
}
