import { createHash } from 'node:crypto';
import type { Language } from '@portal/shared/languages';
import type { DictOption } from '@portal/shared/sys';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { immutable } from '../../lib/envelope.ts';
import { enabledDictItems } from './repository.ts';

type Items = Map<string, { value: string; text: Record<Language, string>; color: string | null }[]>;
/** `version`: a digest of everything a client caches, the same on every app server for the same rows. */
type Loaded = { items: Items; version: string };

/** All dictionaries in memory, rendered once per language; refreshed on demand and on every bus event. */
export class DictService {
  private loaded: Promise<Loaded> | null = null;
  private rendered = new Map<Language, Promise<Record<string, DictOption[]>>>();

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
  ) {
    bus.subscribe((event) => {
      if (event.kind === 'dicts') this.forget();
    });
  }

  private forget() {
    this.loaded = null;
    this.rendered.clear();
  }

  private load(): Promise<Loaded> {
    if (!this.loaded) {
      const loading = enabledDictItems(this.db).then((rows) => {
        const map: Items = new Map();
        for (const row of rows) {
          const list = map.get(row.code) ?? [];
          if (row.value !== null && row.text !== null) list.push({ value: row.value, text: row.text, color: row.color });
          map.set(row.code, list);
        }
        const digest = createHash('sha256');
        for (const [code, items] of map) digest.update(JSON.stringify([code, items.map((item) => [item.value, item.text['zh-TW'], item.text['zh-CN'], item.text['en-US'], item.color])]));
        return { items: map, version: digest.digest('base64url').slice(0, 22) };
      });
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = null;
      });
      this.loaded = loading;
    }
    return this.loaded;
  }

  all(lang: Language): Promise<Record<string, DictOption[]>> {
    let rendered = this.rendered.get(lang);
    if (!rendered) {
      rendered = this.load().then((loaded) =>
        immutable(Object.fromEntries([...loaded.items].map(([code, items]) => [code, immutable(items.map((item) => option(item, lang)))]))),
      );
      rendered.catch(() => this.rendered.delete(lang));
      this.rendered.set(lang, rendered);
    }
    return rendered;
  }

  /** undefined when no such dictionary exists */
  async items(code: string, lang: Language): Promise<DictOption[] | undefined> {
    const all = await this.all(lang);
    return Object.hasOwn(all, code) ? all[code] : undefined;
  }

  /** The version mark clients compare with the one their cache was fetched under (DICT_VERSION_HEADER). */
  async version(): Promise<string> {
    return (await this.load()).version;
  }

  /** Forgets here and on every other app server (the bus), then loads again. Called after every change. */
  async refresh(): Promise<void> {
    this.forget();
    await this.bus.publish({ kind: 'dicts' });
    await this.load();
  }
}

function option(item: { value: string; text: Record<Language, string>; color: string | null }, lang: Language): DictOption {
  const text = item.text[lang] || item.text['zh-TW'];
  return { value: item.value, text, label: text, title: text, color: item.color };
}
