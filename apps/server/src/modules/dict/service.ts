import type { Language } from '@portal/shared/languages';
import type { DictOption } from '@portal/shared/sys';
import type { Db } from '../../db/client.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { immutable } from '../../lib/envelope.ts';
import { enabledDictItems } from './repository.ts';

type Loaded = Map<string, { value: string; text: Record<Language, string>; color: string | null }[]>;

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
        const map: Loaded = new Map();
        for (const row of rows) {
          const list = map.get(row.code) ?? [];
          if (row.value !== null && row.text !== null) list.push({ value: row.value, text: row.text, color: row.color });
          map.set(row.code, list);
        }
        return map;
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
        immutable(Object.fromEntries([...loaded].map(([code, items]) => [code, immutable(items.map((item) => option(item, lang)))]))),
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
