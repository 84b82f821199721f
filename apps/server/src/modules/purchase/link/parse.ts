import { ITEM_ID_PATTERN, PASTE_MAX, type LinkParseResult } from '@portal/shared/product-schemas';

/*
 * What a merchant pastes into the search box: a product link of Taobao, Tmall or 1688, the share text
 * an app copies (title, link, advice), a share code (淘口令) or a short link, or a keyword. Pure, offline
 * and deterministic: the same text always gives the same answer, and nothing is fetched. Short links and
 * share codes carry no item id, so only the platform can resolve them: they are reported as such.
 * A host counts only when it is the platform's domain or a subdomain of it (taobao.com.evil.example and
 * evil-taobao.com are not Taobao).
 */

const TAOBAO_DOMAINS = ['taobao.com', 'tmall.com', 'tmall.hk'];
const TAOBAO_SHORT_DOMAINS = ['tb.cn'];
const ALIBABA_DOMAINS = ['1688.com'];
const ALIBABA_SHORT_HOSTS = ['qr.1688.com'];

const within = (host: string, domains: readonly string[]) => domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** Characters a link is made of, as share texts carry it (a comma, a bracket or any CJK text ends it). */
const URL_RUN = /[A-Za-z0-9\-._~:/?#@!$&*+;=%]+/g;

const ITEM_PARAMS = ['id', 'itemId', 'item_id'];

/** The query parameters of a URL, and those of a client-side route in its fragment (`#/detail?id=`). */
function paramsOf(url: URL): URLSearchParams[] {
  const lists = [url.searchParams];
  const query = url.hash.indexOf('?');
  if (query >= 0) lists.push(new URLSearchParams(url.hash.slice(query + 1)));
  return lists;
}

function firstParam(url: URL, names: readonly string[]): string | undefined {
  for (const params of paramsOf(url)) {
    for (const name of names) {
      const value = params.get(name);
      if (value !== null && ITEM_ID_PATTERN.test(value)) return value;
    }
  }
  return undefined;
}

type Found = LinkParseResult;

/** One link: an item, a short link, or nothing of ours. */
function fromUrl(url: URL): Found {
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  if (within(host, TAOBAO_SHORT_DOMAINS)) {
    return path.length > 1 ? { kind: 'share-code', platform: 'TAOBAO', form: 'short-link', code: `https://${host}${path}` } : { kind: 'none' };
  }
  if (within(host, TAOBAO_DOMAINS)) {
    // world.taobao.com/item/<id>.htm, a.m.taobao.com/i<id>.htm
    const inPath = /^\/(?:item\/|i)(\d{5,20})\.html?$/i.exec(path)?.[1];
    const skuId = firstParam(url, ['skuId', 'sku_id']);
    const withSku = (itemId: string): Found => ({ kind: 'item', platform: 'TAOBAO', itemId, ...(skuId ? { skuId } : {}) });
    if (inPath) return withSku(inPath);
    // an item page's ?id= (item.htm, detail.htm, detail.html, the mobile app pages under /app/); a shop's or a search's is not one
    const itemPage = /^(item|detail)\./.test(host) || /(item|detail)[^/]*\.html?$/i.test(path) || path.startsWith('/app/') || /\/detail\//i.test(path);
    const itemId = itemPage ? firstParam(url, ITEM_PARAMS) : undefined;
    return itemId ? withSku(itemId) : { kind: 'none' };
  }
  if (ALIBABA_SHORT_HOSTS.includes(host)) {
    return path.length > 1 ? { kind: 'share-code', platform: '1688', form: 'short-link', code: `https://${host}${path}` } : { kind: 'none' };
  }
  if (within(host, ALIBABA_DOMAINS)) {
    // detail.1688.com/offer/<id>.html, m.1688.com/offer/<id>.html, detail.m.1688.com/page/index.html?offerId=
    const inPath = /^\/offer\/(\d{5,20})\.html?$/i.exec(path)?.[1];
    const itemId = inPath ?? firstParam(url, ['offerId', 'offerid']);
    return itemId ? { kind: 'item', platform: '1688', itemId } : { kind: 'none' };
  }
  return { kind: 'none' };
}

/** A run of link characters as a URL, when it is one: its scheme is https unless it says http. */
function urlOf(run: string): URL | null {
  const scheme = /https?:\/\//i.exec(run);
  // text glued before the scheme ("链接https://") is not part of the link
  let text = scheme ? run.slice(scheme.index) : run.replace(/^\/\//, '');
  text = text.replace(/[.!?;:]+$/, '');
  if (!scheme) {
    // a bare host must start the run: "evil_taobao.com" is not taobao.com
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+([:/?#]|$)/.test(text)) return null;
    text = `https://${text}`;
  }
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/*
 * 淘口令: an 8 to 14 character code between two of the signs the apps use. Currency signs are never
 * around a word in a keyword; brackets and slashes may be, so a code between those counts only in a
 * share text (it names the app) or when it is about all that was pasted.
 */
const STRONG_SIGNS = ['¥', '$', '€', '₤', '£', '¢', '₳', '₴', '₰', '¤', '₵', '₭', '₲', '₪', '₱', '₮', '₹', '₸', '₩'];
const escape = (sign: string) => sign.replace(/[$/()]/g, (c) => `\\${c}`);
const CODE = '([A-Za-z0-9]{8,14})';
const STRONG = STRONG_SIGNS.map((sign) => new RegExp(`${escape(sign)}${CODE}${escape(sign)}`, 'g'));
const WEAK = [new RegExp(`\\(${CODE}\\)`, 'g'), new RegExp(`/${CODE}/`, 'g')];
const SHARE_WORDS = /淘宝|淘寶|taobao|天猫|天貓|tmall|手淘|口令|打开|打開|复制|複製/i;

/** Random codes mix letters and digits, or both cases: "iPhone16" yes, "Children" or "12345678" no. */
function codeLike(code: string): boolean {
  const letters = /[A-Za-z]/.test(code);
  const digits = /\d/.test(code);
  const upper = (code.match(/[A-Z]/g) ?? []).length;
  const lower = /[a-z]/.test(code);
  return letters && (digits || (upper >= 2 && lower));
}

function shareCode(text: string): string | null {
  for (const pattern of STRONG) {
    for (const match of text.matchAll(pattern)) if (match[1] && codeLike(match[1])) return match[1];
  }
  for (const pattern of WEAK) {
    for (const match of text.matchAll(pattern)) {
      const code = match[1];
      if (!code || !codeLike(code)) continue;
      // what is left beside the code: a count before it ("3") and a channel mark after it ("/ CZ3457")
      const rest = (text.slice(0, match.index) + text.slice(match.index + match[0].length)).trim();
      if (SHARE_WORDS.test(text) || /^[\s\d/A-Z]{0,12}$/.test(rest)) return code;
    }
  }
  return null;
}

/** What a pasted text is (at most PASTE_MAX characters of it are read). */
export function parseProductLink(pasted: string): LinkParseResult {
  // full-width forms (ｈｔｔｐｓ：／／, （, ？, ＝, ￥, digits) as their ASCII forms
  const text = pasted.slice(0, PASTE_MAX).normalize('NFKC');
  let shortLink: LinkParseResult | null = null;
  for (const [run] of text.matchAll(URL_RUN)) {
    if (!run.includes('.')) continue;
    const url = urlOf(run);
    if (!url) continue;
    const found = fromUrl(url);
    // an item link wins over a short link in the same text: it needs no platform to resolve it
    if (found.kind === 'item') return found;
    if (found.kind === 'share-code') shortLink ??= found;
  }
  if (shortLink) return shortLink;
  const code = shareCode(text);
  if (code) return { kind: 'share-code', platform: 'TAOBAO', form: 'code', code };
  return { kind: 'none' };
}
