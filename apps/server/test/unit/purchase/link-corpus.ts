import type { LinkParseResult } from '@portal/shared/product-schemas';

/*
 * The link corpus: texts as merchants paste them, in every shape in use, with what
 * each must parse to. Shapes follow the links the platforms' sites and apps hand out (ids made up).
 */

export type LinkCase = { name: string; text: string; expect: LinkParseResult };

const taobao = (itemId: string, skuId?: string): LinkParseResult => ({ kind: 'item', platform: 'TAOBAO', itemId, ...(skuId ? { skuId } : {}) });
const alibaba = (itemId: string): LinkParseResult => ({ kind: 'item', platform: '1688', itemId });
const code = (value: string): LinkParseResult => ({ kind: 'share-code', platform: 'TAOBAO', form: 'code', code: value });
const short = (url: string, platform: 'TAOBAO' | '1688' = 'TAOBAO'): LinkParseResult => ({ kind: 'share-code', platform, form: 'short-link', code: url });
const none: LinkParseResult = { kind: 'none' };

export const LINK_CORPUS: LinkCase[] = [
  // ------------------------------------------------------------------ Taobao desktop
  { name: 'taobao item page', text: 'https://item.taobao.com/item.htm?id=680000000000', expect: taobao('680000000000') },
  { name: 'taobao item, http', text: 'http://item.taobao.com/item.htm?id=680000104729', expect: taobao('680000104729') },
  { name: 'taobao item, no scheme', text: 'item.taobao.com/item.htm?id=680000209458', expect: taobao('680000209458') },
  { name: 'taobao item, protocol-relative', text: '//item.taobao.com/item.htm?id=680000209458', expect: taobao('680000209458') },
  { name: 'taobao item, params before id', text: 'https://item.taobao.com/item.htm?spm=a1z10.3-c-s.w4002-21556097795.11.6d3c5e0bKpA0dE&ft=t&id=640123456789', expect: taobao('640123456789') },
  { name: 'taobao item, fragment after', text: 'https://item.taobao.com/item.htm?id=640123456789&ns=1&abbucket=12#detail', expect: taobao('640123456789') },
  { name: 'taobao item, upper-case host', text: 'HTTPS://ITEM.TAOBAO.COM/item.htm?id=640123456789', expect: taobao('640123456789') },
  { name: 'taobao item with skuId', text: 'https://item.taobao.com/item.htm?id=640123456789&skuId=5012345678901', expect: taobao('640123456789', '5012345678901') },
  { name: 'taobao item in angle brackets', text: '<https://item.taobao.com/item.htm?id=640123456789>', expect: taobao('640123456789') },
  { name: 'taobao item, trailing full stop', text: 'See https://item.taobao.com/item.htm?id=640123456789.', expect: taobao('640123456789') },
  { name: 'taobao world item path', text: 'https://world.taobao.com/item/612345678901.htm?spm=a21wu.241046-tw.4691948847.1.41cab6cbG', expect: taobao('612345678901') },
  { name: 'taobao a.m. short item path', text: 'https://a.m.taobao.com/i612345678901.htm', expect: taobao('612345678901') },
  // ------------------------------------------------------------------ Tmall
  { name: 'tmall detail', text: 'https://detail.tmall.com/item.htm?id=598765432109', expect: taobao('598765432109') },
  { name: 'tmall detail with skuId', text: 'https://detail.tmall.com/item.htm?abbucket=3&id=598765432109&rn=0d2b&skuId=4987654321098&spm=a1z10.5-b-s.w4011', expect: taobao('598765432109', '4987654321098') },
  { name: 'tmall hk detail', text: 'https://detail.tmall.hk/hk/item.htm?id=601234567890&spm=a220o.1000855', expect: taobao('601234567890') },
  { name: 'tmall hk detail, no /hk', text: 'https://detail.tmall.hk/item.htm?id=601234567890', expect: taobao('601234567890') },
  { name: 'tmall mobile detail', text: 'https://detail.m.tmall.com/item.htm?id=598765432109&price=39', expect: taobao('598765432109') },
  { name: 'chaoshi tmall detail', text: 'https://chaoshi.detail.tmall.com/item.htm?id=598765432109', expect: taobao('598765432109') },
  // ------------------------------------------------------------------ Taobao mobile and international
  { name: 'h5 awp detail', text: 'https://h5.m.taobao.com/awp/core/detail.htm?id=655443322110&spm=a2141.7631564', expect: taobao('655443322110') },
  { name: 'h5 awp detail, ft before id', text: 'https://h5.m.taobao.com/awp/core/detail.htm?ft=t&id=655443322110', expect: taobao('655443322110') },
  { name: 'intl detail', text: 'https://m.intl.taobao.com/detail/detail.html?id=655443322110', expect: taobao('655443322110') },
  { name: 'market app page', text: 'https://market.m.taobao.com/app/dinamic/h5-tb-detail/index.html?id=655443322110&spm=a2141', expect: taobao('655443322110') },
  { name: 'main.m hash route', text: 'https://main.m.taobao.com/detail/index.html#/?id=655443322110', expect: taobao('655443322110') },
  { name: 'itemId parameter', text: 'https://h5.m.taobao.com/awp/core/detail.htm?itemId=655443322110', expect: taobao('655443322110') },
  // ------------------------------------------------------------------ share texts
  {
    name: 'taobao app share text with item link',
    text: '【淘宝】https://item.taobao.com/item.htm?id=680000314187&price=29.9 「2026新款 纯棉 T恤」点击链接直接打开 或者 淘宝搜索直接打开',
    expect: taobao('680000314187'),
  },
  { name: 'share text, link glued to Chinese', text: '复制链接https://detail.tmall.com/item.htm?id=598765432109打开天猫', expect: taobao('598765432109') },
  { name: 'share text, link then comma', text: '快来看看，https://item.taobao.com/item.htm?id=640123456789，超值', expect: taobao('640123456789') },
  { name: 'english share text', text: 'Check this out on Taobao: https://item.taobao.com/item.htm?id=640123456789 (copied)', expect: taobao('640123456789') },
  { name: 'share text with emoji', text: '😍好物推荐👉https://item.taobao.com/item.htm?id=640123456789👈', expect: taobao('640123456789') },
  { name: 'item link wins over short link', text: '【淘宝】https://m.tb.cn/h.5Xyz12 https://item.taobao.com/item.htm?id=640123456789', expect: taobao('640123456789') },
  { name: 'other link first, item second', text: 'https://example.com/a https://item.taobao.com/item.htm?id=640123456789', expect: taobao('640123456789') },
  { name: 'link on its own line', text: '宝贝标题\nhttps://item.taobao.com/item.htm?id=640123456789\n淘宝', expect: taobao('640123456789') },
  { name: 'surrounding whitespace', text: '   https://item.taobao.com/item.htm?id=640123456789   ', expect: taobao('640123456789') },
  // ------------------------------------------------------------------ full-width characters
  { name: 'full-width link', text: 'ｈｔｔｐｓ：／／ｉｔｅｍ．ｔａｏｂａｏ．ｃｏｍ／ｉｔｅｍ．ｈｔｍ？ｉｄ＝６４０１２３４５６７８９', expect: taobao('640123456789') },
  { name: 'full-width digits in id', text: 'https://item.taobao.com/item.htm?id=６４０１２３４５６７８９', expect: taobao('640123456789') },
  { name: 'full-width question mark and equals', text: 'https://detail.tmall.com/item.htm？id＝598765432109', expect: taobao('598765432109') },
  // ------------------------------------------------------------------ 1688
  { name: '1688 offer', text: 'https://detail.1688.com/offer/710000000000.html', expect: alibaba('710000000000') },
  { name: '1688 offer with spm', text: 'https://detail.1688.com/offer/710000104729.html?spm=a26352.13672862.offerlist.3&sk=consign', expect: alibaba('710000104729') },
  { name: '1688 offer, http no www', text: 'http://detail.1688.com/offer/710000104729.html', expect: alibaba('710000104729') },
  { name: '1688 offer, no scheme', text: 'detail.1688.com/offer/710000104729.html', expect: alibaba('710000104729') },
  { name: '1688 mobile offer', text: 'https://m.1688.com/offer/710000209458.html', expect: alibaba('710000209458') },
  { name: '1688 mobile page offerId', text: 'https://detail.m.1688.com/page/index.html?offerId=710000209458&sortType=&pageId=', expect: alibaba('710000209458') },
  { name: '1688 share text', text: '【1688】源头工厂保温杯 https://detail.1688.com/offer/710000314187.html 复制打开1688', expect: alibaba('710000314187') },
  { name: '1688 full-width', text: 'ｈｔｔｐｓ：／／ｄｅｔａｉｌ．１６８８．ｃｏｍ／ｏｆｆｅｒ／７１００００００００００．ｈｔｍｌ', expect: alibaba('710000000000') },
  { name: '1688 short link', text: '【1688】https://qr.1688.com/s/AbCd12Ef 打开1688', expect: short('https://qr.1688.com/s/AbCd12Ef', '1688') },
  // ------------------------------------------------------------------ share codes and short links (the platform resolves them)
  { name: 'short link m.tb.cn', text: 'https://m.tb.cn/h.gQ7n3Zc', expect: short('https://m.tb.cn/h.gQ7n3Zc') },
  { name: 'short link in share text', text: '【淘宝】https://m.tb.cn/h.gQ7n3Zc?tk=iXqxW7hQ5Ys CZ0001 「T恤」点击链接直接打开', expect: short('https://m.tb.cn/h.gQ7n3Zc') },
  { name: 'short link e.tb.cn', text: 'e.tb.cn/h.abcDEF12', expect: short('https://e.tb.cn/h.abcDEF12') },
  { name: 'share code yen', text: '￥AbCd1234￥', expect: code('AbCd1234') },
  { name: 'share code half-width yen in text', text: '3¥hOBcXvq7Zkj¥ https:// 复制这段描述，打开手淘', expect: code('hOBcXvq7Zkj') },
  { name: 'share code parentheses', text: '(AbCd1234)', expect: code('AbCd1234') },
  { name: 'share code full-width parentheses in share text', text: '复制这条信息（7Wsq2hJQ5Ys）打开【手机淘宝】即可查看', expect: code('7Wsq2hJQ5Ys') },
  { name: 'share code euro', text: '€AbCd1234€', expect: code('AbCd1234') },
  { name: 'share code dollar', text: '$TxWc2iI1Sji$', expect: code('TxWc2iI1Sji') },
  { name: 'share code lira', text: '₤AbCd1234₤', expect: code('AbCd1234') },
  { name: 'share code cent', text: '¢AbCd1234¢', expect: code('AbCd1234') },
  { name: 'share code full-width cent', text: '￠AbCd1234￠', expect: code('AbCd1234') },
  { name: 'share code slashes', text: '/AbCd1234/', expect: code('AbCd1234') },
  { name: 'share code slashes with channel mark', text: '/AbCd1234/ CZ3457', expect: code('AbCd1234') },
  { name: 'share code pound', text: '£Qw3rTy7UiO£ 淘宝', expect: code('Qw3rTy7UiO') },
  { name: 'share code in long share text', text: '【淘宝】2026新款 纯棉 T恤 复制这段话₳kL9mN0pQ2rS₳打开手机淘宝即可查看', expect: code('kL9mN0pQ2rS') },
  // ------------------------------------------------------------------ not a product (keywords, other sites, look-alikes)
  { name: 'plain keyword', text: 'T恤', expect: none },
  { name: 'english keyword', text: 'bluetooth earbuds', expect: none },
  { name: 'empty', text: '', expect: none },
  { name: 'look-alike suffix host', text: 'https://taobao.com.evil.example/item.htm?id=640123456789', expect: none },
  { name: 'look-alike hyphen host', text: 'https://evil-taobao.com/item.htm?id=640123456789', expect: none },
  { name: 'look-alike underscore host', text: 'evil_taobao.com/item.htm?id=640123456789', expect: none },
  { name: 'look-alike glued host', text: 'https://mytmall.com/item.htm?id=640123456789', expect: none },
  { name: 'look-alike 1688', text: 'https://detail.1688.com.evil.example/offer/710000000000.html', expect: none },
  { name: 'look-alike 1688 prefix', text: 'https://x1688.com/offer/710000000000.html', expect: none },
  { name: 'userinfo trick', text: 'https://item.taobao.com@evil.example/item.htm?id=640123456789', expect: none },
  { name: 'taobao link inside another site', text: 'https://evil.example/?u=https://item.taobao.com/item.htm?id=640123456789', expect: none },
  { name: 'cyrillic look-alike', text: 'https://item.tаobao.com/item.htm?id=640123456789', expect: none },
  { name: 'tb.cn look-alike', text: 'https://m.tb.cn.evil.example/h.gQ7n3Zc', expect: none },
  { name: 'not a web scheme', text: 'ftp://item.taobao.com/item.htm?id=640123456789', expect: none },
  { name: 'taobao search page', text: 'https://s.taobao.com/search?q=T%E6%81%A4&id=640123456789', expect: none },
  { name: 'taobao shop page', text: 'https://shop123456789.taobao.com/?spm=a230r.7195193', expect: none },
  { name: 'taobao home', text: 'https://www.taobao.com/', expect: none },
  { name: 'item page without id', text: 'https://item.taobao.com/item.htm?spm=a1z10', expect: none },
  { name: 'item page, id not a number', text: 'https://item.taobao.com/item.htm?id=abc123', expect: none },
  { name: 'item page, id too short', text: 'https://item.taobao.com/item.htm?id=123', expect: none },
  { name: '1688 search page', text: 'https://s.1688.com/selloffer/offer_search.htm?keywords=cup', expect: none },
  { name: 'short link without a path', text: 'https://m.tb.cn/', expect: none },
  { name: 'other shop', text: 'https://www.amazon.com/dp/B0C1234567', expect: none },
  { name: 'word in parentheses', text: 'T恤 (Children)', expect: none },
  { name: 'number in parentheses', text: '(12345678)', expect: none },
  { name: 'code-like word in parentheses inside a sentence', text: 'I want the (AbCd1234) model in black size large please', expect: none },
  { name: 'price with yen', text: '¥199¥', expect: none },
  { name: 'a path with slashes', text: 'size/XL/black', expect: none },
];
