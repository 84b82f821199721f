import { useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/http.ts';

/** The script a text is needed in: zh-CN is Simplified, zh-TW Traditional. */
export type Script = 'zh-CN' | 'zh-TW';

/** What POST /open/converter takes: sign 0 converts to Simplified, 1 to Traditional. */
export const CONVERTER_MAX = 10_000;
const SIGN: Record<Script, 0 | 1> = { 'zh-CN': 0, 'zh-TW': 1 };

/** POST /open/converter: `original` in the other script, answered in `to`. */
export const convertScript = (original: string, to: Script) => http.post<string>('/open/converter', { original, sign: SIGN[to] }, { silent: true });

/**
 * A small button that fills a field in one Chinese script from text written in the other (spec §7, the
 * converter). `from`: the text to convert (a sibling field's value, or the field's own for `mode="in-place"`);
 * `onConverted` writes the answer. Nothing to convert, or too long: a message, no request.
 */
export function ScriptConvertButton({
  to,
  from,
  onConverted,
  mode = 'from-sibling',
  testId,
}: {
  to: Script;
  from: () => string | undefined;
  onConverted: (text: string) => void;
  /** from-sibling: "from Traditional" next to a zh-CN field; in-place: "to Simplified" on a single field */
  mode?: 'from-sibling' | 'in-place';
  testId?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const label = mode === 'in-place' ? t(to === 'zh-CN' ? 'components.scriptConvert.toSimplified' : 'components.scriptConvert.toTraditional') : t(to === 'zh-CN' ? 'components.scriptConvert.fromTraditional' : 'components.scriptConvert.fromSimplified');

  const convert = async () => {
    const original = from() ?? '';
    if (original.trim() === '') {
      message.info(t('components.scriptConvert.nothing'));
      return;
    }
    if (original.length > CONVERTER_MAX) {
      message.warning(t('components.scriptConvert.tooLong', { max: CONVERTER_MAX }));
      return;
    }
    setBusy(true);
    try {
      onConverted(await convertScript(original, to));
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : t('components.scriptConvert.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={t('components.scriptConvert.hint')} placement="right">
      <Button size="small" type="link" loading={busy} onClick={() => void convert()} data-testid={testId} style={{ paddingInline: 0, height: 'auto' }}>
        {label}
      </Button>
    </Tooltip>
  );
}
