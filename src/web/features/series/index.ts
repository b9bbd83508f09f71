export { RepeatCard } from './repeat-card';
export { SeriesView } from './series-view';
