import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * antd's message, notification and modal bound to the app's theme and locale: an <App> component
 * (app/feedback-bridge.tsx) hands them over, so code outside React (the HTTP client) can use them.
 */
export type Feedback = { message: MessageInstance; notification: NotificationInstance; modal: ModalHookAPI };

let current: Feedback | null = null;

export function setFeedback(feedback: Feedback | null): void {
  current = feedback;
}

export function feedback(): Feedback | null {
  return current;
}
