import { useEffect, useMemo, useState } from 'react';
import { Alert, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Texts } from '@portal/shared/languages';
import { CONTAINER_COMPONENT, PAGE_COMPONENTS } from '@portal/shared/page-components';
import { isMenuUrl, MENU_PATH_PATTERN, MENU_SORT_MAX, PERMISSION_CODE_PATTERN, type MenuTreeNode } from '@portal/shared/system-menus';
import { ScriptConvertButton, type Script } from '../../../components/script-convert-button.tsx';
import { EditorDrawer } from '../../../components/editor-drawer.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { entryTitle } from '../../../lib/menu-title.ts';
import { useAddMenu, useEditMenu, type MenuInput } from '../api/menus.ts';
import { IconPicker } from './icon-picker.tsx';

type MenuTypeValue = 0 | 1 | 2;
/** A Chinese title can be filled from the other script's (the server converts). */
const OTHER_SCRIPT: Partial<Record<Language, Script>> = { 'zh-TW': 'zh-CN', 'zh-CN': 'zh-TW' };
type Values = Omit<MenuInput, 'titles' | 'menuType'> & { menuType: MenuTypeValue; titles: Partial<Texts> };

/** What the drawer edits: an entry, or a new one (optionally under a parent). */
export type MenuFormTarget = { entry: MenuTreeNode } | { parentId: number | null; menuType: MenuTypeValue };

const TITLE_LABEL: Record<Language, 'form.titleZhTW' | 'form.titleZhCN' | 'form.titleEnUS'> = { 'zh-TW': 'form.titleZhTW', 'zh-CN': 'form.titleZhCN', 'en-US': 'form.titleEnUS' };

const valuesOf = (entry: MenuTreeNode): Values => ({
  menuType: entry.menuType as MenuTypeValue,
  parentId: entry.parentId,
  titles: entry.titles ?? {},
  path: entry.path,
  component: entry.component,
  componentName: entry.componentName,
  redirect: entry.redirect ?? '',
  hidden: entry.hidden,
  alwaysShow: entry.alwaysShow,
  route: entry.route,
  icon: entry.icon,
  keepAlive: entry.keepAlive,
  internalOrExternal: entry.internalOrExternal,
  url: entry.url ?? '',
  sortNo: entry.sortNo,
  perms: entry.perms,
  permsType: entry.permsType as '1' | '2',
  status: entry.status as '0' | '1',
  platformOnly: entry.platformOnly,
  merchantOnly: entry.merchantOnly,
});

const EMPTY: Omit<Values, 'menuType' | 'parentId'> = {
  titles: {},
  path: '',
  component: '',
  componentName: '',
  redirect: '',
  hidden: false,
  alwaysShow: false,
  route: true,
  icon: null,
  keepAlive: false,
  internalOrExternal: false,
  url: '',
  sortNo: 10,
  perms: '',
  permsType: '1',
  status: '1',
  platformOnly: false,
  merchantOnly: false,
};

/** The titles the form sends: all three, or none (a built-in entry then keeps its standard title). */
function titlesOf(titles: Partial<Texts>): Texts | null {
  const trimmed = LANGUAGES.map((language) => titles[language]?.trim() ?? '');
  return trimmed.every(Boolean) ? (Object.fromEntries(LANGUAGES.map((language, i) => [language, trimmed[i]])) as Texts) : null;
}

/** The menus (not buttons) as a tree to choose a parent from; an entry never goes under itself. */
function parentOptions(nodes: readonly MenuTreeNode[], language: Language, exclude: number | null): { value: number; title: string; children?: ReturnType<typeof parentOptions> }[] {
  return nodes
    .filter((node) => node.menuType !== 2 && node.id !== exclude)
    .map((node) => {
      const children = parentOptions(node.children ?? [], language, exclude);
      return { value: node.id, title: entryTitle({ title: node.name, titles: node.titles }, language), ...(children.length > 0 ? { children } : {}) };
    });
}

/**
 * One menu entry, every field of spec §2/§3. The type decides the fields: a menu has a path, a page (from the
 * pages the portal has), an icon and its route flags; a button has a parent and its codes. A built-in entry keeps
 * its codes, type and side (the server refuses a change), so those are read-only.
 */
export function MenuFormDrawer({ target, tree, onClose }: { target: MenuFormTarget | null; tree: readonly MenuTreeNode[]; onClose: () => void }) {
  const { t } = useTranslation('system-menus');
  const language = useLanguage();
  const [form] = Form.useForm<Values>();
  const add = useAddMenu();
  const edit = useEditMenu();
  // the last target stays drawn while the drawer closes
  const [last, setLast] = useState(target);
  if (target && target !== last) setLast(target);
  const shown = target ?? last;
  const entry = shown && 'entry' in shown ? shown.entry : null;
  const builtIn = entry?.builtIn ?? false;
  const menuType = (Form.useWatch('menuType', form) ?? 0) as MenuTypeValue;
  const url = Form.useWatch('url', form) as string | undefined;
  const parents = useMemo(() => parentOptions(tree, language, entry?.id ?? null), [tree, language, entry]);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue('entry' in target ? valuesOf(target.entry) : { ...EMPTY, menuType: target.menuType, parentId: target.parentId });
  }, [target, form]);

  const componentOptions = useMemo(() => {
    const names: string[] = [CONTAINER_COMPONENT, ...PAGE_COMPONENTS];
    // a built-in entry may name a page the web does not have yet: it keeps it
    if (entry?.component && !names.includes(entry.component)) names.push(entry.component);
    return names.map((name) => ({ value: name, label: name === CONTAINER_COMPONENT ? `${t('form.container')} (${name})` : name }));
  }, [entry, t]);

  const save = async () => {
    const validated = await form.validateFields().catch(() => null);
    if (!validated) return false;
    // the fields the entry's type does not show (a menu's button kind, a link's window without a link) keep the
    // entry's values: the edit replaces every field, and one left out would take the server's default
    const values = { ...(form.getFieldsValue(true) as Values), ...validated };
    const button = values.menuType === 2;
    const input: MenuInput = {
      ...values,
      parentId: values.menuType === 0 ? null : (values.parentId ?? null),
      titles: titlesOf(values.titles),
      component: button ? '' : (values.component ?? ''),
      redirect: button ? null : values.redirect?.trim() || null,
      url: button ? null : values.url?.trim() || null,
      icon: button ? null : (values.icon ?? null),
    };
    return (entry ? edit.mutateAsync({ ...input, id: entry.id }) : add.mutateAsync(input)).then(
      () => t(entry ? 'done.saved' : 'done.added'),
      () => false,
    );
  };

  const required = (field: string) => ({ required: true, message: t('form.required', { field }) });
  const titleRules = LANGUAGES.map((language) => [
    ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
      validator: async (_: unknown, value: unknown) => {
        const any = LANGUAGES.some((l) => String(getFieldValue(['titles', l]) ?? '').trim() !== '');
        // a new entry needs its three titles; an edit gives all three or none (the standard title)
        if ((!entry || any) && String(value ?? '').trim() === '') throw new Error(t('form.required', { field: t(TITLE_LABEL[language]) }));
      },
    }),
  ]);
  const standard = (language: Language) => (entry ? entryTitle({ title: entry.name }, language) : undefined);

  /** zh-TW and zh-CN titles: filled from the other script's, converted by the server. */
  const titleConvert = (language: Language) => {
    const sibling = OTHER_SCRIPT[language];
    if (!sibling) return null;
    return (
      <ScriptConvertButton
        to={language as Script}
        from={() => form.getFieldValue(['titles', sibling]) as string | undefined}
        onConverted={(text) => {
          form.setFieldValue(['titles', language], text.slice(0, 100));
          void form.validateFields([['titles', language]]);
        }}
        testId={`menu-form-title-${language}-convert`}
      />
    );
  };

  return (
    <EditorDrawer
      open={target !== null}
      title={entry ? t('form.editTitle') : t('form.addTitle')}
      size={720}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) {
          add.reset();
          edit.reset();
        }
      }}
      saving={{ isPending: add.isPending || edit.isPending, error: add.error ?? edit.error }}
      onSave={save}
      saveTestId="menu-form-save"
      submitForm="menu"
      data-testid="menu-form-drawer"
    >
      {builtIn ? <Alert type="info" showIcon message={t('form.builtInNote')} style={{ marginBottom: 16 }} /> : null}
      <Form<Values> form={form} layout="vertical" name="menu">
        <Form.Item name="menuType" label={t('form.menuType')}>
          <Radio.Group disabled={builtIn} data-testid="menu-form-type">
            {([0, 1, 2] as const).map((type) => (
              <Radio.Button key={type} value={type}>
                {t(`type.${type}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {menuType !== 0 ? (
          <Form.Item name="parentId" label={t('form.parent')} rules={[{ required: true, message: t('form.choose', { field: t('form.parent') }) }]}>
            <TreeSelect treeData={parents} showSearch treeNodeFilterProp="title" treeDefaultExpandAll={false} data-testid="menu-form-parent" />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          {LANGUAGES.map((language, i) => (
            <Col xs={24} md={8} key={language}>
              <Form.Item
                name={['titles', language]}
                label={t(TITLE_LABEL[language])}
                rules={titleRules[i]}
                dependencies={LANGUAGES.filter((l) => l !== language).map((l) => ['titles', l])}
                extra={
                  <>
                    {entry && i === 0 ? <div>{t('form.titleHint')}</div> : null}
                    {titleConvert(language)}
                  </>
                }
              >
                <Input maxLength={100} placeholder={standard(language)} data-testid={`menu-form-title-${language}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {menuType !== 2 ? (
          <>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="path" label={t('form.path')} rules={[required(t('form.path')), { pattern: MENU_PATH_PATTERN, message: t('form.pathFormat') }]}>
                  <Input maxLength={255} placeholder="/system/user" data-testid="menu-form-path" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="component" label={t('form.component')} extra={t('form.componentHint')}>
                  <Select options={componentOptions} allowClear showSearch data-testid="menu-form-component" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="componentName" label={t('form.componentName')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="redirect" label={t('form.redirect')} rules={[{ pattern: MENU_PATH_PATTERN, message: t('form.pathFormat') }]}>
                  <Input maxLength={255} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="icon" label={t('form.icon')}>
                  <IconPicker />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="url" label={t('form.url')} rules={[{ validator: async (_, value: string | undefined) => { if (value && !isMenuUrl(value.trim())) throw new Error(t('form.urlFormat')); } }]}>
                  <Input maxLength={500} placeholder="https://" data-testid="menu-form-url" />
                </Form.Item>
              </Col>
              {url ? (
                <Col xs={24} md={12}>
                  <Form.Item name="internalOrExternal" label={t('form.internalOrExternal')}>
                    <Radio.Group>
                      <Radio value={false}>{t('form.openInside')}</Radio>
                      <Radio value={true}>{t('form.openOutside')}</Radio>
                    </Radio.Group>
                  </Form.Item>
                </Col>
              ) : null}
            </Row>
            <Space wrap size="large">
              {(['route', 'hidden', 'alwaysShow', 'keepAlive'] as const).map((name) => (
                <Form.Item key={name} name={name} label={t(`form.${name}`)} valuePropName="checked">
                  <Switch data-testid={`menu-form-${name}`} />
                </Form.Item>
              ))}
            </Space>
          </>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="perms"
              label={t('form.perms')}
              extra={t('form.permsHint')}
              rules={[
                required(t('form.perms')),
                { validator: async (_, value: string | undefined) => { if (value && !value.split(',').every((code) => PERMISSION_CODE_PATTERN.test(code.trim()))) throw new Error(t('form.permsFormat')); } },
              ]}
            >
              <Input maxLength={1000} disabled={builtIn} data-testid="menu-form-perms" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sortNo" label={t('form.sortNo')}>
              <InputNumber min={0} max={MENU_SORT_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {menuType === 2 ? (
            <Col xs={24} md={12}>
              <Form.Item name="permsType" label={t('form.permsType')}>
                <Radio.Group>
                  <Radio value="1">{t('form.permsTypeHide')}</Radio>
                  <Radio value="2">{t('form.permsTypeDisable')}</Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('form.status')}>
              <Radio.Group>
                <Radio value="1">{t('form.statusOn')}</Radio>
                <Radio value="0">{t('form.statusOff')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
        </Row>
        <Space wrap size="large">
          <Form.Item name="platformOnly" label={t('form.platformOnly')} valuePropName="checked">
            <Switch disabled={builtIn} />
          </Form.Item>
          <Form.Item name="merchantOnly" label={t('form.merchantOnly')} valuePropName="checked">
            <Switch disabled={builtIn} />
          </Form.Item>
        </Space>
      </Form>
    </EditorDrawer>
  );
}
