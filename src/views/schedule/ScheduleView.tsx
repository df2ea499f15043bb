import { placeholderView } from '../../components/PagePlaceholder';

export const ScheduleView = placeholderView('pages.schedule');
