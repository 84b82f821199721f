import { useEffect } from 'react';
import { App } from 'antd';
import { setFeedback } from '../lib/feedback.ts';

/** Hands antd's themed message / notification / modal to code outside React (lib/feedback.ts), while the shell is up. */
export function FeedbackBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    setFeedback({ message, notification, modal });
    return () => setFeedback(null);
  }, [message, notification, modal]);
  return null;
}
