/**
 * The channel's footer: its about text, its pages and the information pages, the sales policy (SPEC §9) and its
 * copyright line, whose `{year}` is the current year.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useChannelPages, useStaticBlock } from '../../app/facades/channel';
import type { MessageKey } from '../../i18n/locales/en';
import * as styles from './layout.css';

const INFO_PAGES: readonly { href: string; title: MessageKey }[] = [
  { href: '/privacy_policy', title: 'pages.privacy' },
  { href: '/terms_conditions', title: 'pages.terms' },
  { href: '/contacts', title: 'pages.contacts' },
  { href: '/faq', title: 'pages.faq' },
];

export function Footer() {
  const { t } = useTranslation();
  const about = useStaticBlock('footer:about');
  const copyright = useStaticBlock('footer:copyright');
  const pages = useChannelPages();
  const links = [
    ...pages.map((page) => ({ href: page.url, text: page.name })),
    ...INFO_PAGES.map((page) => ({ href: page.href, text: t(page.title) })),
  ].filter((link, index, all) => all.findIndex((other) => other.href === link.href) === index);
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        {about && <p className={styles.footerAbout}>{about}</p>}
        <nav aria-label={t('shell.footerNav')}>
          <ul className={styles.footerLinks}>
            {links.map((link) => (
              <li key={link.href}>
                <Link className={styles.footerLink} href={link.href}>
                  {link.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.footerSmall}>{t('policy.allSalesFinal')}</p>
        {copyright && <p className={styles.footerSmall}>{copyright.replaceAll('{year}', String(new Date().getFullYear()))}</p>}
      </div>
    </footer>
  );
}
