import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Drawer, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataRuleResourceOf, type DataRuleResource } from '@portal/shared/system-data-rules';
import type { PermissionTreeNode } from '@portal/shared/system-roles';
import { ServerError } from '../../../components/server-error.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { menuTitle } from '../../../lib/menu-title.ts';
import { useChooseRules, useRoleRules } from '../api/data-rules.ts';
import { DataRuleDrawer, useRuleText } from './data-rule-drawer.tsx';

/** Choose, with check boxes, the rules of one menu that a role applies; the menu's rules are defined from here too. */
export function RoleDataRuleDrawer({ open, permissionId, resource, title, roleId, onClose }: { open: boolean; permissionId: number; resource: DataRuleResource; title: string; roleId: number; onClose: () => void }) {
  const { t } = useTranslation('system-data-rules');
  const { message } = App.useApp();
  const current = useRoleRules(open ? permissionId : undefined, open ? roleId : undefined);
  const save = useChooseRules();
  const text = useRuleText();
  // null until the user checks something: until then, what the role chose
  const [checked, setChosen] = useState<number[] | null>(null);
  const chosen = checked ?? current.data?.chosenIds ?? [];
  const [defining, setDefining] = useState(false);

  useEffect(() => {
    if (open) save.reset();
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async () => {
    await save.mutateAsync({ permissionId, roleId, dataRuleIds: chosen });
    message.success(t('drawer.saved'));
    onClose();
  };

  const rules = current.data?.rules ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('drawer.roleTitle', { menu: title })}
      size="large"
      destroyOnHidden
      data-testid="role-data-rule-drawer"
      extra={
        <Space>
          <Button onClick={() => setDefining(true)} data-testid="role-data-rule-define">
            {t('drawer.add')}
          </Button>
          <Button type="primary" loading={save.isPending} disabled={!current.data} onClick={() => void submit().catch(() => undefined)} data-testid="role-data-rule-save">
            {t('drawer.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('drawer.roleIntro')}</Typography.Paragraph>
      <ServerError error={current.error ?? save.error} />
      {rules.length === 0 && !current.isLoading ? (
        <Empty description={t('drawer.empty')} />
      ) : (
        <Checkbox.Group value={chosen} onChange={(ids) => setChosen(ids as number[])} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="role-data-rule-list">
          {rules.map((rule) => (
            <Checkbox key={rule.id} value={rule.id} data-testid={`role-data-rule-${rule.id}`}>
              <strong>{rule.ruleName}</strong> <Typography.Text type="secondary">{text(rule)}</Typography.Text> {rule.status === 1 ? null : <Tag>{t('drawer.off')}</Tag>}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
      <DataRuleDrawer open={defining} permissionId={permissionId} resource={resource} title={title} onClose={() => setDefining(false)} />
    </Drawer>
  );
}

/**
 * The "data rules" link of a menu in the role permission tree (role-permission-drawer.tsx's per-node slot):
 * drawn only for menus whose resource rules can narrow; it opens the role's choice on that menu.
 */
export function DataRuleLink({ node, roleId }: { node: PermissionTreeNode; roleId: number }) {
  const { t } = useTranslation('system-data-rules');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const resource = node.menuType === 2 ? null : dataRuleResourceOf(node.perms);
  if (!resource) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid={`data-rule-link-${node.key}`}>
        {t('link')}
      </Button>
      {open ? <RoleDataRuleDrawer open={open} permissionId={node.key} resource={resource} title={menuTitle(node.title, language)} roleId={roleId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
