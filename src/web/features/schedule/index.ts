// The day board tab of the back office (decision 056).
export { ScheduleTab } from './schedule-tab';
