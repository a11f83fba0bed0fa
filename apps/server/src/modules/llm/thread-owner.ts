/**
 * Who may continue a thread, recorded on it beside its channel (`source`). A thread id passed
 * by a caller is only honoured when both match; otherwise it behaves as no such thread. Each
 * channel names its owner with its own prefix, so no two channels' owners can be equal.
 */
export type ThreadOwner =
  | `user:${string}`
  | `demo:${string}`
  | `widget:${string}`
  | `subaccount:${string}`
  | `agent:${string}`
  | `channel:${string}`;

/** The signed-in user of the test chat. */
export function toUserThreadOwner(userId: string): ThreadOwner {
  return `user:${userId}`;
}

/** A shared demo; its anonymous visitor is whoever was given the thread's random id. */
export function toDemoThreadOwner(demoId: string): ThreadOwner {
  return `demo:${demoId}`;
}

/** One visitor (their contactIdentifier) of one widget connection. */
export function toWidgetThreadOwner(connectionId: string, contactIdentifier: string): ThreadOwner {
  return `widget:${connectionId}:${contactIdentifier}`;
}

/** The sub account itself (public API keys, evaluation runs). */
export function toSubaccountThreadOwner(subaccountId: string): ThreadOwner {
  return `subaccount:${subaccountId}`;
}

/** The holder of one agent's webhook secret. */
export function toAgentThreadOwner(agentId: string): ThreadOwner {
  return `agent:${agentId}`;
}

/** One contact of one SMS/WhatsApp (or other messaging) connection. */
export function toChannelThreadOwner(connectionId: string, contactId: string): ThreadOwner {
  return `channel:${connectionId}:${contactId}`;
}
