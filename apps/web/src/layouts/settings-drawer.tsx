import { useEffect, useRef, type ReactNode } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Flex, Radio, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences, type Preferences } from '../lib/preferences.ts';

/** The spec's 8 preset colours (§2), in the order the original offered them; #1890FF is the default (§9). */
export const PRIMARY_COLORS = [
  { key: 'dustRed', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunsetOrange', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'polarGreen', color: '#52C41A' },
  { key: 'daybreakBlue', color: '#1890FF' },
  { key: 'geekBlue', color: '#2F54EB' },
  { key: 'goldenPurple', color: '#722ED1' },
] as const;

/** Spec §2: the drawer closes itself this long after a change, so the user sees the result at once. */
export const AUTO_CLOSE_MS = 16;

const DARK_MENU = '#001529';

/** A small picture of the layout, for the style and navigation choices. */
function LayoutPreview({ siderColor, headerColor, side }: { siderColor: string; headerColor: string; side: boolean }) {
  return (
    <span style={{ display: 'flex', flexDirection: side ? 'row' : 'column', width: 48, height: 40, borderRadius: 4, overflow: 'hidden', background: '#f0f2f5', boxShadow: '0 1px 2.5px rgba(0, 0, 0, 0.18)' }}>
      <span style={side ? { width: 14, background: siderColor } : { height: 10, background: headerColor }} />
      {side && <span style={{ flex: 1, display: 'flex', flexDirection: 'column' }}><span style={{ height: 10, background: headerColor }} /></span>}
    </span>
  );
}

function ChoiceTile({ label, checked, onChoose, children }: { label: string; checked: boolean; onChoose: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        role="radio"
        aria-checked={checked}
        aria-label={label}
        onClick={onChoose}
        style={{ position: 'relative', padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
      >
        {children}
        {checked && <CheckOutlined style={{ position: 'absolute', right: 6, bottom: 4, color: 'var(--ant-color-primary)', fontWeight: 700 }} />}
      </button>
    </Tooltip>
  );
}

function SettingRow({ label, hint, children }: { label: string; hint?: string | false; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ padding: '8px 0' }}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text>{label}</Typography.Text>
        {hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
      {children}
    </Flex>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
      {children}
    </Typography.Title>
  );
}

/**
 * Spec §2 "Settings drawer": every option of the preferences store, persisted by its update().
 * Options that the constraints forbid are disabled here, and normalise() enforces them again.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const change = (patch: Partial<Preferences>) => {
    preferences.update(patch);
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(onClose, AUTO_CLOSE_MS);
  };
  const chooseColor = (color: string) => {
    // spec §5: a colour is applied only if it differs from the current one
    if (color.toLowerCase() !== preferences.primaryColor.toLowerCase()) change({ primaryColor: color });
  };

  const sidemenu = preferences.navMode === 'sidemenu';
  const light = 'var(--ant-color-bg-container)';

  return (
    <Drawer open={open} onClose={onClose} title={t('layout.settings.title')} placement="right" size={300} data-testid="settings-drawer">
      <SectionTitle>{t('layout.settings.menuTheme')}</SectionTitle>
      <Flex gap={16} role="radiogroup" aria-label={t('layout.settings.menuTheme')} style={{ marginBottom: 24 }}>
        {(['dark', 'light'] as const).map((theme) => (
          <ChoiceTile key={theme} label={t(`layout.settings.themes.${theme}`)} checked={preferences.menuTheme === theme} onChoose={() => preferences.menuTheme !== theme && change({ menuTheme: theme })}>
            <LayoutPreview side siderColor={theme === 'dark' ? DARK_MENU : '#fff'} headerColor={light} />
          </ChoiceTile>
        ))}
      </Flex>

      <SectionTitle>{t('layout.settings.primaryColor')}</SectionTitle>
      <Flex gap={8} wrap role="radiogroup" aria-label={t('layout.settings.primaryColor')} style={{ marginBottom: 24 }}>
        {PRIMARY_COLORS.map(({ key, color }) => {
          const checked = color.toLowerCase() === preferences.primaryColor.toLowerCase();
          return (
            <Tooltip key={key} title={t(`layout.settings.colors.${key}`)}>
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={t(`layout.settings.colors.${key}`)}
                onClick={() => chooseColor(color)}
                style={{ width: 22, height: 22, padding: 0, border: 0, borderRadius: 4, background: color, color: '#fff', cursor: 'pointer', display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
              >
                {checked && <CheckOutlined style={{ fontSize: 12 }} />}
              </button>
            </Tooltip>
          );
        })}
      </Flex>

      <Divider style={{ margin: '0 0 20px' }} />

      <SectionTitle>{t('layout.settings.navMode')}</SectionTitle>
      <Flex gap={16} role="radiogroup" aria-label={t('layout.settings.navMode')} style={{ marginBottom: 12 }}>
        {(['sidemenu', 'topmenu'] as const).map((mode) => (
          <ChoiceTile key={mode} label={t(`layout.settings.navModes.${mode}`)} checked={preferences.navMode === mode} onChoose={() => preferences.navMode !== mode && change({ navMode: mode })}>
            <LayoutPreview side={mode === 'sidemenu'} siderColor={DARK_MENU} headerColor={mode === 'topmenu' ? DARK_MENU : light} />
          </ChoiceTile>
        ))}
      </Flex>

      <SettingRow label={t('layout.settings.contentWidth')} hint={sidemenu && t('layout.settings.fluidOnlyTopmenu')}>
        <Radio.Group
          size="small"
          optionType="button"
          style={{ display: 'flex', flex: 'none' }}
          value={preferences.contentWidth}
          onChange={(event) => change({ contentWidth: event.target.value as Preferences['contentWidth'] })}
          options={[
            { value: 'Fixed', label: t('layout.settings.widths.Fixed') },
            // spec §2: Fluid only with the top menu
            { value: 'Fluid', label: t('layout.settings.widths.Fluid'), disabled: sidemenu },
          ]}
        />
      </SettingRow>
      <SettingRow label={t('layout.settings.fixedHeader')}>
        <Switch size="small" aria-label={t('layout.settings.fixedHeader')} checked={preferences.fixedHeader} onChange={(fixedHeader) => change({ fixedHeader })} />
      </SettingRow>
      <SettingRow label={t('layout.settings.autoHideHeader')} hint={!preferences.fixedHeader && t('layout.settings.autoHideNeedsFixedHeader')}>
        <Switch
          size="small"
          aria-label={t('layout.settings.autoHideHeader')}
          checked={preferences.autoHideHeader}
          disabled={!preferences.fixedHeader}
          onChange={(autoHideHeader) => change({ autoHideHeader })}
        />
      </SettingRow>
      <SettingRow label={t('layout.settings.fixSiderbar')} hint={!sidemenu && t('layout.settings.fixSiderbarSidemenuOnly')}>
        <Switch size="small" aria-label={t('layout.settings.fixSiderbar')} checked={preferences.fixSiderbar} disabled={!sidemenu} onChange={(fixSiderbar) => change({ fixSiderbar })} />
      </SettingRow>

      <Divider style={{ margin: '12px 0 20px' }} />

      <SectionTitle>{t('layout.settings.other')}</SectionTitle>
      <SettingRow label={t('layout.settings.colorWeak')}>
        <Switch size="small" aria-label={t('layout.settings.colorWeak')} checked={preferences.colorWeak} onChange={(colorWeak) => change({ colorWeak })} />
      </SettingRow>
      <SettingRow label={t('layout.settings.multipage')}>
        <Switch size="small" aria-label={t('layout.settings.multipage')} checked={preferences.multipage} onChange={(multipage) => change({ multipage })} />
      </SettingRow>
    </Drawer>
  );
}
