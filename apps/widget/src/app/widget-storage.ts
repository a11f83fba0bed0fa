/**
 * Per-widget keys in the iframe's localStorage (docs/product/widget.md#in-the-visitors-browser: keys prefixed widget_{id}_). Third-party
 * storage may be blocked or partitioned, so every access tolerates failure.
 */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKeys = {
  session: (widgetId: string) => `widget_${widgetId}_session`,
  conversations: (widgetId: string) => `widget_${widgetId}_conversations`,
  /** Thread ids of the conversations the visitor deleted from Previous Conversations. */
  deletedConversations: (widgetId: string) => `widget_${widgetId}_deletedConversations`,
  contactIdentifier: (widgetId: string) => `widget_${widgetId}_contactIdentifier`,
  isOpen: (widgetId: string) => `widget_${widgetId}_isOpen`,
};

export function readItem(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: StorageLike | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the widget keeps working for this page view.
  }
}

/** The frame's localStorage, or null where the browser blocks it (third-party storage) or it keeps nothing. */
export function browserStorage(): StorageLike | null {
  try {
    const storage = window.localStorage;
    storage.setItem('widget_probe', '1');
    storage.removeItem('widget_probe');
    return storage;
  } catch {
    return null;
  }
}
