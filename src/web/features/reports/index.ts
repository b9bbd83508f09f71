// The Reports tab (decision 026): its public face.
export { ReportsTab } from './reports-tab';
