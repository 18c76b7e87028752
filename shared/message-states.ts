// The states an editor gives a contact message in the inbox (stored in contact_messages.status).
export const MESSAGE_STATES = ["new", "read", "answered", "spam"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export function isMessageState(value: unknown): value is MessageState {
  return typeof value === "string" && (MESSAGE_STATES as readonly string[]).includes(value);
}
