import { useMemo, useState } from 'react';
import { Avatar, Card, Col, Row, Space, Tag, Tree, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AddressBookDepartNode, AddressBookRecord } from '@portal/shared/system-org';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page/list-page.tsx';
import type { ListPageConfig } from '../../../components/list-page/list-config.ts';
import { textKey } from '../../../components/list-page/text-key.ts';
import { ADDRESS_BOOK_KEY, exportAddressBook, listAddressBook, useAddressBookDeparts } from '../api/address-book.ts';

type TreeItem = { key: string; title: string; children: TreeItem[] };
const treeOf = (nodes: readonly AddressBookDepartNode[]): TreeItem[] => nodes.map((node) => ({ key: node.orgCode, title: node.departName, children: treeOf(node.children) }));

function Phone({ person }: { person: AddressBookRecord }) {
  const { t } = useTranslation('system-org');
  if (!person.phoneMasked) return <span data-testid="address-book-phone">{person.phone}</span>;
  return (
    <span title={t('addressBook.masked')} data-testid="address-book-phone" data-masked="true">
      {person.phone}
    </span>
  );
}

function addressBookList(orgCode: string | null): ListPageConfig<AddressBookRecord> {
  return {
    id: 'system-address-book',
    rowKey: 'id',
    queryKey: [...ADDRESS_BOOK_KEY, 'list', orgCode],
    fetcher: listAddressBook(orgCode),
    query: [{ name: 'keyword', label: textKey('system-org', 'addressBook.keyword'), placeholder: textKey('system-org', 'addressBook.keywordPlaceholder'), type: 'input' }],
    columns: [
      { dataIndex: 'avatar', title: textKey('system-org', 'addressBook.avatar'), width: 70, render: (person) => <Avatar src={person.avatar || undefined} icon={<UserOutlined />} alt={person.name} /> },
      { dataIndex: 'name', title: textKey('system-org', 'addressBook.name'), width: 120, phone: true },
      { dataIndex: 'workNo', title: textKey('system-org', 'addressBook.workNo'), width: 100 },
      { dataIndex: 'departments', title: textKey('system-org', 'addressBook.departments'), width: 200, render: (person) => person.departments.map((d) => d.departName).join('、') },
      {
        dataIndex: 'positions',
        title: textKey('system-org', 'addressBook.positions'),
        width: 160,
        render: (person) => (
          <Space size={4} wrap>
            {person.positions.map((p) => (
              <Tag key={p.id}>{p.name}</Tag>
            ))}
          </Space>
        ),
      },
      { dataIndex: 'phone', title: textKey('system-org', 'addressBook.phone'), width: 130, phone: true, render: (person) => <Phone person={person} /> },
      { dataIndex: 'email', title: textKey('system-org', 'addressBook.email'), width: 200, format: 'ellipsis' },
    ],
  };
}

/** The address book: the tenant's departments on the left, their people on the right (phones masked unless the reader may see them). */
export function AddressBookPage() {
  const { t } = useTranslation('system-org');
  const [orgCode, setOrgCode] = useState<string | null>(null);
  const departs = useAddressBookDeparts();
  const tree = useMemo(() => treeOf(departs.data ?? []), [departs.data]);
  const config = useMemo(() => addressBookList(orgCode), [orgCode]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Card size="small" title={t('addressBook.departments')} data-testid="address-book-departs">
          <Typography.Link onClick={() => setOrgCode(null)} strong={orgCode === null} data-testid="address-book-all">
            {t('addressBook.allDepartments')}
          </Typography.Link>
          <Tree
            treeData={tree}
            defaultExpandAll
            selectedKeys={orgCode ? [orgCode] : []}
            onSelect={(keys) => setOrgCode(keys[0] === undefined ? null : String(keys[0]))}
            data-testid="address-book-tree"
          />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card data-testid="address-book-list">
          <ListPage
            config={config}
            exportSlot={(params) => (
              <ExportButton code="system:address-book:export" label={t('common.export')} run={() => exportAddressBook({ orgCode: orgCode ?? undefined, keyword: params.keyword as string | undefined })} />
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
