import { useEffect, useMemo } from 'react';
import { App, Form, Modal, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTAINER_COMPONENT } from '@portal/shared/page-components';
import type { MenuTreeNode } from '@portal/shared/system-menus';
import type { Language } from '@portal/shared/languages';
import { useLanguage } from '../../../lib/i18n.ts';
import { useCan } from '../../../lib/permissions.ts';
import { entryTitle } from '../../../lib/menu-title.ts';
import { ServerError } from '../../../components/server-error.tsx';
import { useMenuCatalogue } from '../api/menu-groups.ts';
import { useTenantPackages } from '../api/tenant-packages.ts';

export type PublishTarget = { id: number; code: string; path: string; titles: Record<string, string> };
type GroupOption = { value: number; title: string; children?: GroupOption[] };

/** A menu group: a menu (not a button, not an external link) that holds entries rather than showing a page. */
const isGroup = (node: MenuTreeNode) => node.menuType !== 2 && !node.url && (node.component === '' || node.component === CONTAINER_COMPONENT);

function groupOptions(nodes: readonly MenuTreeNode[], language: Language): GroupOption[] {
  return nodes.filter(isGroup).map((node) => {
    const children = groupOptions(node.children ?? [], language);
    return { value: node.id, title: entryTitle({ title: node.name, titles: node.titles }, language), ...(children.length > 0 ? { children } : {}) };
  });
}

function titleOf(options: readonly GroupOption[], id: number): string[] | null {
  for (const option of options) {
    if (option.value === id) return [option.title];
    const below = titleOf(option.children ?? [], id);
    if (below) return [option.title, ...below];
  }
  return null;
}

/**
 * Publish a report or form to the menu: under a group, and, for a holder of the packages' right, into tenant
 * packages (their merchants see it); the success message names where it is.
 */
export function PublishDialog({ target, publish, onClose }: { target: PublishTarget | null; publish: { mutateAsync: (input: { id: number; parentId: number; packageIds: number[] }) => Promise<unknown>; isPending: boolean; error: unknown; reset: () => void }; onClose: () => void }) {
  const { t } = useTranslation('online-dev');
  const { message } = App.useApp();
  const language = useLanguage();
  const [form] = Form.useForm<{ parentId?: number; packageIds: number[] }>();
  const open = target !== null;
  const catalogue = useMenuCatalogue(open);
  // putting the entry into tenant packages is the packages' own right (the server refuses it without)
  const mayPackage = useCan()('system:tenant-menu:auth');
  const packages = useTenantPackages(open && mayPackage);
  const groups = useMemo(() => groupOptions(catalogue.data ?? [], language), [catalogue.data, language]);

  useEffect(() => {
    if (!open) return;
    publish.reset();
    form.resetFields();
    // reset on each opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, target?.id]);

  const submit = async (values: { parentId?: number; packageIds: number[] }) => {
    if (!target || values.parentId === undefined) return;
    await publish.mutateAsync({ id: target.id, parentId: values.parentId, packageIds: values.packageIds ?? [] });
    // where the entry now is, as the menu names it; nobody sees it until a role is given it
    const where = [...(titleOf(groups, values.parentId) ?? []), target.titles[language] || target.code].join(' › ');
    void message.success(t('publish.done', { path: where }), 8);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={target ? t('publish.title', { code: target.code }) : ''}
      okText={t('publish.ok')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={publish.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'publish-ok' }}
    >
      <ServerError error={publish.error} />
      <Form form={form} layout="vertical" initialValues={{ packageIds: [] }} onFinish={(values) => submit(values).catch(() => undefined)}>
        <Form.Item name="parentId" label={t('publish.parent')} rules={[{ required: true, message: t('rules.choose', { label: t('publish.parent') }) }]}>
          <TreeSelect treeData={groups} loading={catalogue.isLoading} showSearch treeNodeFilterProp="title" data-testid="publish-parent" />
        </Form.Item>
        {mayPackage && (
          <Form.Item name="packageIds" label={t('publish.packages')} extra={t('publish.packagesHint')}>
            <Select mode="multiple" loading={packages.isLoading} options={(packages.data ?? []).map((item) => ({ value: item.id, label: item.name }))} allowClear data-testid="publish-packages" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
