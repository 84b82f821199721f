import { useEffect, useState, type ReactNode } from 'react';
import { Button, ConfigProvider, Spin, theme, type ThemeConfig } from 'antd';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared/languages';
import { LANGUAGE_NAMES, changeLanguage, useLanguage } from '../lib/i18n.ts';
import { TENANT_NAME_SESSION_KEY } from '../lib/storage.ts';
import { useSite } from '../features/auth/api/get-site.ts';
import { VISUALLY_HIDDEN } from '../features/auth/components/page-title.tsx';

/**
 * The public pages are for everyone, so their text must read at WCAG AA contrast (4.5:1): white on the
 * portal's default primary (#1890FF, 3.2:1) and antd's link blue (#1677FF, 4.1:1) do not, antd's
 * blue-7 does (6.2:1 on white, 5.7:1 on the page's grey); nor does antd's grey of hints, step titles
 * and result texts (#8C8C8C, 3.4:1), 60% black does (5.7:1). Inside the portal the user's theme applies.
 */
const ACCESSIBLE_BLUE = '#0958d9';
const ACCESSIBLE_GREY = 'rgba(0, 0, 0, 0.6)';
const PUBLIC_THEME: ThemeConfig = {
  token: { colorPrimary: ACCESSIBLE_BLUE, colorLink: ACCESSIBLE_BLUE, colorTextTertiary: ACCESSIBLE_GREY, colorTextDescription: ACCESSIBLE_GREY },
};

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
  const fromSite = site.data?.companyName;
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
    <nav aria-label={t('auth.layout.languages')} style={{ display: 'flex', gap: 4 }} data-testid="user-language-switch">
      {LANGUAGES.map((value) => (
        <Button key={value} type={value === language ? 'primary' : 'text'} size="small" lang={value} aria-pressed={value === language} onClick={() => void changeLanguage(value)}>
          {LANGUAGE_NAMES[value]}
        </Button>
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
  const { token } = theme.useToken();
  const site = useSite().data;
  // the public-security number's digits are its lookup code on the ministry's site
  const psbCode = site?.psb.replace(/\D/g, '');
  return (
    <footer style={{ padding: '24px 16px', textAlign: 'center', color: token.colorTextSecondary, fontSize: token.fontSizeSM, lineHeight: 2 }} data-testid="user-footer">
      <div>
        <FooterLink href={site?.trackingUrl ?? '/track'}>{t('auth.layout.trackingPage')}</FooterLink>
      </div>
      {site && <div data-testid="site-copyright">{site.copyright}</div>}
      {site && (site.icp || site.psb) && (
        <div style={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', columnGap: 16 }}>
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

function Frame() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const company = useCompanyName();
  return (
    <div className="portal-public" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: `linear-gradient(180deg, ${token.colorPrimaryBg} 0, ${token.colorBgLayout} 320px)` }}>
      {/* antd colours every link once for the whole page, with the portal's theme: these pages' links take the accessible blue */}
      <style>{`.portal-public a:not(.ant-btn){color:${token.colorLink}}.portal-public a:not(.ant-btn):hover{color:${token.colorLinkHover}}.portal-public a:not(.ant-btn):active{color:${token.colorLinkActive}}`}</style>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: '12px 16px' }}>
        <LanguageSwitch />
      </header>
      <main style={{ flex: 1, padding: '16px 16px 0' }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <Link to="/user/login" style={{ display: 'inline-flex', alignItems: 'center', gap: 12, color: token.colorTextHeading }}>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            {/* the English title is long: smaller on a phone rather than three lines */}
            <h1 style={{ margin: 0, fontSize: 'clamp(20px, 5.5vw, 28px)', fontWeight: 600, lineHeight: 1.3 }}>{t('productTitle')}</h1>
          </Link>
          <p style={{ margin: '12px 0 4px', color: token.colorTextSecondary, fontSize: token.fontSizeLG }} data-testid="slogan">
            {t('slogan')}
          </p>
          <div data-testid="company-name" style={{ minHeight: 22, color: token.colorTextSecondary }}>
            {company ?? (
              <span role="status" aria-label={t('auth.layout.companyLoading')}>
                <Spin size="small" />
              </span>
            )}
          </div>
        </div>
        <div
          style={{
            maxWidth: 420,
            margin: '0 auto',
            padding: '24px clamp(16px, 6vw, 32px) 32px',
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <Outlet />
        </div>
      </main>
      <Footer />
    </div>
  );
}

/** The public pages' frame (spec §1 "login layout", §2 "User layout"): title, slogan, company, language, and the operator's footer. */
export function UserLayout() {
  return (
    <ConfigProvider theme={PUBLIC_THEME}>
      <Frame />
    </ConfigProvider>
  );
}
