// Today's Schedule tab of the back office.
export { ScheduleTab } from './schedule-tab';
