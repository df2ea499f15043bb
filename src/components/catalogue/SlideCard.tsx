/**
 * A home slide (SPEC §3 Slides), linked to what it points at: a category to the events list of that category, a
 * participant to the list of its events, a group to the home page of that group, a main slide to its own link.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Slide, VodRail } from '../../../machines/resource/catalogue.reads';
import { formatClock } from '../../format/clock';
import { primaryButton } from '../controls.css';
import * as styles from './catalogue.css';
import * as heroStyles from './hero.css';

/** Where a slide leads; `groupAlias` finds a group's alias by its id (startup's group list). */
export function slideTarget(slide: Slide, groupAlias: (id: number) => string | null): string | null {
  const id = slide.slidable_id;
  switch (slide.slidable_type) {
    case 'category':
      if (id !== null) return `/upcoming?event_category_id=${id}`;
      break;
    case 'participant':
      if (id !== null) return `/upcoming?participant_id=${id}`;
      break;
    case 'group': {
      const alias = id === null ? null : groupAlias(id);
      if (alias !== null) return `/?group=${encodeURIComponent(alias)}`;
      break;
    }
    case 'main':
      break;
  }
  return slide.link && slide.link.trim() !== '' ? slide.link : null;
}

/** Whether a slide leads to a game that is live now: its target is that game's watch page. */
export function leadsToLiveGame(href: string | null, live: ReadonlyArray<{ id: number }>): boolean {
  const id = href === null ? null : /^\/watch\/(\d+)$/.exec(href)?.[1];
  return id != null && live.some((event) => event.id === Number(id));
}

/** Links to this site go through the router; anything else is an ordinary link. */
function SlideLink({ href, className, children }: { href: string; className: string; children: string }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link href={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The first slide as home's hero: its picture large (the first paint's largest image, so fetched first and sized
 * before it arrives), its title once as a heading under the page's, its subtitle, a call to watch what it points at,
 * and "Live" when that is a game being played now.
 */
export function HeroSlide({ slide, href, live }: { slide: Slide; href: string | null; live: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={heroStyles.hero} aria-labelledby={headingId} data-testid="hero" data-slidable-type={slide.slidable_type}>
      <div className={heroStyles.heroMedia}>
        <img className={styles.cover} src={slide.image} alt="" width={1280} height={480} loading="eager" fetchPriority="high" />
      </div>
      <div className={heroStyles.heroBody}>
        {live && <span className={`${heroStyles.heroBadge} ${styles.badgeStatus.live}`}>{t('catalogue.statusLive')}</span>}
        <h2 id={headingId} className={heroStyles.heroTitle}>
          {slide.title}
        </h2>
        {slide.subtitle && <p className={heroStyles.heroText}>{slide.subtitle}</p>}
        {href !== null && (
          <SlideLink href={href} className={`${primaryButton} ${heroStyles.heroCta}`}>
            {t('catalogue.heroWatch')}
          </SlideLink>
        )}
      </div>
    </section>
  );
}

export function SlideCard({ slide, href }: { slide: Slide; href: string | null }) {
  return (
    <article className={styles.card} data-testid="slide" data-slidable-type={slide.slidable_type}>
      <div className={styles.slideMedia}>
        <img className={styles.cover} src={slide.image} alt="" loading="lazy" />
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>{href === null ? slide.title : <SlideLink href={href} className={styles.titleLink}>{slide.title}</SlideLink>}</h3>
        {slide.subtitle && <p className={styles.meta}>{slide.subtitle}</p>}
      </div>
    </article>
  );
}

type VodItem = NonNullable<VodRail['vod_media_items'][number]>;

/** A VOD library item on a home rail, linked to its page. */
export function VodCard({ item }: { item: VodItem }) {
  const image = item.assets.find((asset) => asset?.type === 'image')?.path ?? null;
  return (
    <article className={styles.card} data-testid="vod-card">
      <div className={styles.slideMedia}>{image && <img className={styles.cover} src={image} alt="" loading="lazy" />}</div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          <Link href={`/vod_library/${item.id}`} className={styles.titleLink}>
            {item.title}
          </Link>
        </h3>
        {item.duration > 0 && (
          <p className={styles.meta}>
            <time dateTime={`PT${Math.round(item.duration)}S`}>{formatClock(item.duration)}</time>
          </p>
        )}
      </div>
    </article>
  );
}
