// The back office's dashboard shell: its heading, staff tools, cards and tabs, composed of the
// back-office features (spec: back-office 2). Pages import this file, never the files beside it.
export { AdminDashboard } from './admin-dashboard';
