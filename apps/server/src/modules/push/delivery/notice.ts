import type { PushDisabledReason } from '@portal/shared/open-api';

/*
 * The notice a merchant gets when the platform turns one of its endpoints off. An announcement has one title
 * and one text, and its readers may use any of the three languages, so it carries all three.
 */

type Reason = Exclude<PushDisabledReason, 'MANUAL'>;

const TITLE = { 'zh-TW': '推送端點已停用', 'zh-CN': '推送端点已停用', 'en-US': 'Webhook endpoint disabled' } as const;

const WHY: Record<Reason, Record<keyof typeof TITLE, (days: number) => string>> = {
  GONE: {
    'zh-TW': () => '它回應了 410 Gone，表示不再接收訊息。',
    'zh-CN': () => '它返回了 410 Gone，表示不再接收消息。',
    'en-US': () => 'It answered 410 Gone, which says it no longer accepts messages.',
  },
  FAILING: {
    'zh-TW': (days) => `它已連續失敗超過 ${days} 天。`,
    'zh-CN': (days) => `它已连续失败超过 ${days} 天。`,
    'en-US': (days) => `Its deliveries have failed for more than ${days} days.`,
  },
};

const WHAT_NOW = {
  'zh-TW': '修正後，請在「訊息推送配置」中重新啟用它，並可重送失敗的訊息。',
  'zh-CN': '修正后，请在“消息推送配置”中重新启用它，并可重发失败的消息。',
  'en-US': 'Once it is fixed, enable it again under Message push configuration; failed messages can be replayed there.',
} as const;

/** The notice's title and its paragraphs, as text: the URL is the merchant's input and is escaped where it is stored. */
export function disabledNotice(reason: Reason, url: string, failingDays: number): { title: string; paragraphs: string[] } {
  const languages = ['zh-TW', 'zh-CN', 'en-US'] as const;
  return {
    title: languages.map((language) => TITLE[language]).join(' / '),
    paragraphs: languages.map((language) => `${TITLE[language]}: ${url}\n${WHY[reason][language](failingDays)}${language === 'en-US' ? ' ' : ''}${WHAT_NOW[language]}`),
  };
}
