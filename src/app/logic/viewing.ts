/** SPEC §7 viewing classification: the event's category, and sport, gender, school and league of its home side. */
import type { VideoViewingReport } from '../../../machines/analytics-session/analytics-session.types';
import type { StartupParts } from '../../../machines/app-load/app-load.types';
import type { PlayerDetails } from '../../../machines/player/player.types';
import { flattenCategories, propertyValues } from '../../components/catalogue/catalogue-data';

type VideoClassification = Pick<VideoViewingReport, 'category' | 'sport' | 'gender' | 'school' | 'league'>;

export function viewingClassification(details: PlayerDetails | null, parts: StartupParts): VideoClassification {
  const none: VideoClassification = { category: null, sport: null, gender: null, school: null, league: null };
  if (details?.kind !== 'event') return none;
  const { event } = details;
  const participants = event.participants.filter((p) => p !== null);
  const side = participants.find((p) => p.id === event.home_team_id) ?? participants[0];
  const group = side ? parts.groups?.data.find((g) => g?.id === side.group_id) : undefined;
  const gender = propertyValues(side?.properties, 'gender')[0];
  return {
    category: flattenCategories(parts.categories).find((c) => c.id === event.event_category_id)?.name ?? null,
    sport: propertyValues(side?.properties, 'sport')[0] ?? null,
    gender: gender === 'male' || gender === 'female' ? gender : null,
    school: group?.name ?? null,
    league: propertyValues(group?.properties, 'league')[0] ?? null,
  };
}
