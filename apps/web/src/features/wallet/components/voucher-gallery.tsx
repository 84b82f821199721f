import { useState } from 'react';
import { App, Button, Flex, Image, Skeleton, Typography } from 'antd';
import { FilePdfOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VoucherRecord } from '@portal/shared/finance-schemas';
import { saveBlob } from '../../../lib/http.ts';
import { useObjectUrl } from '../../../lib/object-url.ts';
import { getVoucher } from '../api/vouchers.ts';

const THUMB = 104;

/**
 * An image voucher as a thumbnail (click to enlarge), shown through an object URL of the file fetched
 * with the session's headers.
 */
function VoucherImage({ voucher }: { voucher: VoucherRecord }) {
  const { t } = useTranslation('wallet');
  const state = useObjectUrl(voucher.id, getVoucher);
  if (state.failed) {
    return (
      <Flex vertical align="center" justify="center" style={{ width: THUMB, height: THUMB, border: '1px dashed #d9d9d9', borderRadius: 6 }} title={voucher.name}>
        <WarningOutlined />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('voucher.loadFailed')}
        </Typography.Text>
      </Flex>
    );
  }
  if (!state.url) return <Skeleton.Image active style={{ width: THUMB, height: THUMB }} />;
  return <Image src={state.url} alt={voucher.name} title={voucher.name} width={THUMB} height={THUMB} style={{ objectFit: 'cover', borderRadius: 6 }} data-testid="voucher-thumb" />;
}

/** A PDF voucher as a link: the file is fetched with the session's headers and saved under its name. */
function VoucherLink({ voucher }: { voucher: VoucherRecord }) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    getVoucher(voucher.id)
      .then(
        (blob) => saveBlob(blob, voucher.name),
        () => void message.error(t('voucher.loadFailed')),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button type="link" icon={<FilePdfOutlined />} loading={busy} onClick={open} style={{ paddingInline: 0 }} data-testid="voucher-link">
      {voucher.name}
    </Button>
  );
}

/** A recharge's bank vouchers: images as thumbnails, PDFs as links. */
export function VoucherGallery({ vouchers }: { vouchers: readonly VoucherRecord[] }) {
  const { t } = useTranslation('wallet');
  if (vouchers.length === 0) return <Typography.Text type="secondary">{t('voucher.none')}</Typography.Text>;
  const images = vouchers.filter((voucher) => voucher.mimeType.startsWith('image/'));
  const others = vouchers.filter((voucher) => !voucher.mimeType.startsWith('image/'));
  return (
    <Flex vertical gap={8}>
      {images.length > 0 && (
        <Image.PreviewGroup>
          <Flex wrap gap={8}>
            {images.map((voucher) => (
              <Flex key={voucher.id} vertical gap={4} style={{ width: THUMB }}>
                <VoucherImage voucher={voucher} />
                <Typography.Text type="secondary" ellipsis={{ tooltip: voucher.name }} style={{ fontSize: 12 }}>
                  {voucher.name}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {others.map((voucher) => (
        <VoucherLink key={voucher.id} voucher={voucher} />
      ))}
    </Flex>
  );
}
