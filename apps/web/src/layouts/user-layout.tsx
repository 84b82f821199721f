import { useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/languages';
import { LANGUAGE_NAMES, changeLanguage, useLanguage } from '../lib/i18n.ts';
import { TENANT_NAME_SESSION_KEY } from '../lib/storage.ts';
import { useSite } from '../features/auth/api/get-site.ts';
import { VISUALLY_HIDDEN } from '../features/auth/components/page-title.tsx';
import { PLAIN_SCOPE, PlainButton, PlainSpinner } from '../components/plain/plain-controls.tsx';
import { useDocumentTitle } from './document-title.ts';
import styles from './user-layout.module.css';

/*
 * The public pages are for everyone, so their text must read at WCAG AA contrast (4.5:1): white on the
 * portal's default primary (#1890FF, 3.2:1) and antd's link blue (#1677FF, 4.1:1) do not, antd's
 * blue-7 (#0958d9) does (6.2:1 on white, 5.7:1 on the page's grey), and so does 60% black for hints.
 * These pages load no antd (docs/decisions/0006): the colours are in user-layout.module.css and
 * components/plain/plain.module.css. Inside the portal the user's theme applies.
 */

function readTenantName(): string | null {
  try {
    return window.sessionStorage.getItem(TENANT_NAME_SESSION_KEY);
  } catch {
    return null;
  }
}

/**
 * The company name of spec §2 "User layout": what session storage holds, or a spinner while it is
 * empty; the operator's name from /sys/site fills it when the layout loads.
 */
function useCompanyName(): string | null {
  const site = useSite();
  const [stored] = useState(readTenantName);
  const fromSite = site?.companyName;
  useEffect(() => {
    if (stored || !fromSite) return;
    try {
      window.sessionStorage.setItem(TENANT_NAME_SESSION_KEY, fromSite);
    } catch {
      // not kept for the next page, still shown on this one
    }
  }, [stored, fromSite]);
  return stored ?? fromSite ?? null;
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <nav aria-label={t('auth.layout.languages')} className={styles.languages} data-testid="user-language-switch">
      {LANGUAGES.map((value) => (
        <PlainButton key={value} variant={value === language ? 'primary' : 'text'} size="small" lang={value} aria-pressed={value === language} onClick={() => void changeLanguage(value)}>
          {LANGUAGE_NAMES[value]}
        </PlainButton>
      ))}
    </nav>
  );
}

/** A link of the footer: inside the portal through the router, anywhere else in a new window. */
function FooterLink({ href, title, children }: { href: string; title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (href.startsWith('/')) {
    return (
      <Link to={href} title={title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={title}>
      {children}
      <span style={VISUALLY_HIDDEN}>{t('auth.layout.opensInNewWindow')}</span>
    </a>
  );
}

function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  // the public-security number's digits are its lookup code on the ministry's site
  const psbCode = site?.psb.replace(/\D/g, '');
  return (
    <footer className={styles.footer} data-testid="user-footer">
      <div>
        <FooterLink href={site?.trackingUrl ?? '/track'}>{t('auth.layout.trackingPage')}</FooterLink>
      </div>
      {site && <div data-testid="site-copyright">{site.copyright}</div>}
      {site && (site.icp || site.psb) && (
        <div className={styles.filings}>
          {site.icp && (
            <FooterLink href="https://beian.miit.gov.cn/" title={t('auth.layout.icpTitle')}>
              {site.icp}
            </FooterLink>
          )}
          {site.psb && (
            <FooterLink href={`https://beian.mps.gov.cn/#/query/webSearch?code=${psbCode ?? ''}`} title={t('auth.layout.psbTitle')}>
              {site.psb}
            </FooterLink>
          )}
        </div>
      )}
    </footer>
  );
}

/** The title of a public page (a key of the common texts), which the browser's window shows. */
export type PublicPageTitle = 'auth.login.title' | 'auth.register.title' | 'auth.registerResult.title' | 'auth.alteration.title' | 'auth.testHome.title' | 'layout.pageTitles.tracking';

/** A route's handle for the public layout: `forThePublic` pages (tracking) are for the merchants' customers; `title` names the page. */
export type PublicLayoutHandle = { forThePublic?: boolean; title?: PublicPageTitle };

/** The public pages' frame (spec §1 "login layout", §2 "User layout"): title, slogan, company, language, and the operator's footer. */
export function UserLayout() {
  const { t } = useTranslation();
  const company = useCompanyName();
  const handles = useMatches().map((match) => match.handle as PublicLayoutHandle | undefined);
  // the merchants' customers open tracking: the heading names the service, not the merchants' back office
  const forThePublic = handles.some((handle) => handle?.forThePublic === true);
  const title = handles.findLast((handle) => handle?.title)?.title;
  useDocumentTitle(title ? t(title) : null, forThePublic ? 'publicTitle' : 'productTitle');
  return (
    <div className={`${styles.page} ${PLAIN_SCOPE}`}>
      <header className={styles.header}>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <div className={styles.brand}>
          <Link to="/user/login" className={styles.title}>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            <h1>{t(forThePublic ? 'publicTitle' : 'productTitle')}</h1>
          </Link>
          <p className={styles.slogan} data-testid="slogan">
            {t('slogan')}
          </p>
          <div className={styles.company} data-testid="company-name">
            {company ?? <PlainSpinner label={t('auth.layout.companyLoading')} />}
          </div>
        </div>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
      <Footer />
    </div>
  );
}
