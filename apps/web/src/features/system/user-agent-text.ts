/*
 * A user agent as a short text a person reads in a list ("Chrome 120 · Windows"), from the few products
 * that matter; the full string stays in a tooltip. Order matters: Edge and Opera also say "Chrome", every
 * Chromium and iOS browser says "Safari".
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function userAgentText(userAgent: string): string {
  if (!userAgent.trim()) return '';
  const browser = BROWSERS.map(([pattern, name]) => {
    const match = pattern.exec(userAgent);
    return match ? `${name} ${match[1]}` : null;
  }).find((found) => found !== null);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  // an API client or a script: its own first word ("curl/8.4.0" -> "curl/8.4.0")
  return parts.length > 0 ? parts.join(' · ') : (userAgent.split(/\s+/)[0] ?? '').slice(0, 40);
}
