// The back office's Messages (contact form) and Outbox (emails and texts sent) tabs.
export { MessagesTab } from './messages-tab';
export { OutboxTab } from './outbox-tab';
