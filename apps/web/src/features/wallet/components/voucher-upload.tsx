import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VOUCHER_MAX_BYTES, VOUCHER_TYPES, VOUCHERS_PER_RECHARGE_MAX } from '@portal/shared/finance';
import type { VoucherRecord } from '@portal/shared/finance-schemas';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { uploadVoucher } from '../api/vouchers.ts';

export type VoucherFile = UploadFile<VoucherRecord>;

const ACCEPT = Object.keys(VOUCHER_TYPES).join(',');
const isVoucherType = (type: string) => Object.hasOwn(VOUCHER_TYPES, type);

/** The vouchers a form sends: the uploaded ones (a failed or unfinished upload is not a voucher). */
export const voucherIdsOf = (files: readonly VoucherFile[] | undefined): number[] =>
  (files ?? []).flatMap((file) => (file.status === 'done' && file.response ? [file.response.id] : []));

/** A recharge's vouchers as the upload list shows them. */
export const voucherFilesOf = (vouchers: readonly VoucherRecord[]): VoucherFile[] =>
  vouchers.map((voucher) => ({ uid: `voucher-${voucher.id}`, name: voucher.name, size: voucher.size, type: voucher.mimeType, status: 'done', response: voucher }));

/**
 * The bank vouchers of a recharge, each uploaded as soon as it is picked (multipart, field "file"):
 * images and PDF, at most 5 MB and 5 files. The browser's checks only spare a useless upload; the
 * server checks the content, and its refusal is shown on the file and as a message.
 */
export function VoucherUpload({ value, onChange, disabled }: { value?: VoucherFile[]; onChange?: (files: VoucherFile[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const files = value ?? [];

  const beforeUpload: UploadProps<VoucherRecord>['beforeUpload'] = (file) => {
    if (!isVoucherType(file.type)) {
      message.error(t('voucher.badType', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > VOUCHER_MAX_BYTES) {
      message.error(t('voucher.tooLarge', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<VoucherRecord>['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    // each file is an action of its own: its own key
    uploadVoucher(file, newIdempotencyKey()).then(
      (voucher) => onSuccess?.(voucher),
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        message.error(t('voucher.failed', { name: file.name, reason: failure.message }));
        onError?.(failure);
      },
    );
  };

  return (
    <Upload<VoucherRecord>
      listType="picture"
      accept={ACCEPT}
      multiple
      maxCount={VOUCHERS_PER_RECHARGE_MAX}
      fileList={files}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => onChange?.(fileList)}
      showUploadList={{ showPreviewIcon: false, showDownloadIcon: false }}
    >
      {files.length < VOUCHERS_PER_RECHARGE_MAX && (
        <Button icon={<UploadOutlined />} disabled={disabled} data-testid="voucher-upload">
          {t('voucher.add')}
        </Button>
      )}
    </Upload>
  );
}
