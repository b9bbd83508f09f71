// The back office's Laundry Pros tab (spec: back-office 2): a card per pro, adding and editing a
// pro, and the Assignment Overview. The dashboard shell adds it to its tabs.
export { LaundryProsTab } from './laundry-pros-tab';
