/**
 * A rail (SPEC §3 Rail): its title and its cards in one row, moving on by itself every 5000 ms like the home page's
 * rails (the shared catalogue `Rail`), and the same cards as a wrapping grid for lists and search results.
 */
import type { VodMedia } from '../../../machines/resource/vod.reads';
import { Rail } from '../catalogue/Rail';
import { VodCard } from './VodCard';
import * as styles from './vod.css';

export function VodRail({ title, items }: { title: string; items: readonly VodMedia[] }) {
  return (
    <Rail title={title}>
      {items.map((item) => (
        <VodCard key={item.id} item={item} />
      ))}
    </Rail>
  );
}

/** Cards as a wrapping grid. */
export function VodCardList({ items }: { items: readonly VodMedia[] }) {
  return (
    <ul className={styles.gridList}>
      {items.map((item) => (
        <li key={item.id} className={styles.listItem}>
          <VodCard item={item} />
        </li>
      ))}
    </ul>
  );
}
