/**
 * The favourite control of a team, a school or a sport (SPEC §3 Favourite): a toggle button with a star, pressed
 * while the viewer follows it. The favourites flow decides: one change at a time (the others wait, disabled), a
 * visitor is asked to log in, a failed change is told in a toast and the star stays as it was.
 */
import { useTranslation } from 'react-i18next';
import { type FollowTarget, useFavourite } from '../../app/facades/favourites';
import * as styles from './favourite.css';

export interface FavouriteButtonProps {
  target: FollowTarget;
  /** The team's, school's or sport's name, as the viewer knows it. */
  name: string;
  /** Small, for a card; otherwise a button-sized control. */
  size?: 'small' | 'regular';
}

export function FavouriteButton({ target, name, size = 'regular' }: FavouriteButtonProps) {
  const { t } = useTranslation();
  const { followed, pending, available, toggle } = useFavourite(target);
  return (
    <button
      type="button"
      className={styles.toggle[size]}
      aria-pressed={followed}
      aria-busy={pending || undefined}
      aria-label={t('favourites.toggle', { name })}
      data-testid="favourite"
      data-kind={target.kind}
      data-id={target.id}
      // Not `disabled`: the pressed star would lose focus while its change is on its way. The machine ignores a
      // click it cannot take.
      aria-disabled={!available || undefined}
      onClick={toggle}
    >
      <span aria-hidden="true" className={styles.star}>
        {followed ? '★' : '☆'}
      </span>
      <span className={styles.name}>{name}</span>
    </button>
  );
}
