/**
 * The part of i18next the storefront uses, small enough for the top page's first bundle (issue 13: i18next is
 * ~15 kB brotli of the 120 kB budget, this is ~1.5 kB). The storefront's build aliases `i18next` to this module
 * (vite.config.ts, ADR 0029); unit tests and the console keep the real library, and i18next-parity.test.ts checks
 * that both give the same string for every key of every catalogue.
 *
 * What it does, as i18next does it: `ns:key.path` lookups, the namespaces in order and, within each, the language
 * and then its fallback; plural keys (`key_one`, `key_other`, `key_zero` for 0) chosen as Intl.PluralRules does in
 * Japanese and English, the storefront's two languages (without Intl: lib/format/plain-format.ts);
 * `{{name}}` interpolation without escaping; defaultValue; returnObjects; post-processors; the missing-key
 * handler (saveMissing); addResourceBundle with a deep merge; changeLanguage with its `languageChanged` event.
 * Nothing else (no backends, formatters, nesting, context or ordinal plurals): the parity test fails if a
 * catalogue starts to need them.
 */

import { pluralCategories, pluralCategory } from '../../lib/format/plain-format';

type Tree = Record<string, unknown>;
export type TOptions = Record<string, unknown> & {
  ns?: string | readonly string[];
  lng?: string;
  lngs?: readonly string[];
  count?: number;
  defaultValue?: unknown;
  returnObjects?: boolean;
};
export type TFunction = (key: string | readonly string[], options?: TOptions | string) => string;

interface PostProcessor {
  type: 'postProcessor';
  name: string;
  process(value: string, key: string | string[], options: TOptions, translator: { language?: string }): string;
}

interface InitOptions {
  resources?: Record<string, Record<string, Tree>>;
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
  postProcess?: string[];
  saveMissing?: boolean;
  missingKeyHandler?: (lngs: readonly string[], ns: string, key: string, fallbackValue: unknown) => void;
  [other: string]: unknown;
}

const INTERPOLATION = /\{\{(.+?)\}\}/g;
const isTree = (v: unknown): v is Tree => v !== null && typeof v === 'object';

/** i18next's deepExtend: strings are replaced (when overwriting), objects merged. */
function deepMerge(target: Tree, source: Tree, overwrite: boolean): Tree {
  for (const [k, v] of Object.entries(source)) {
    if (k === '__proto__' || k === 'constructor') continue;
    const old = target[k];
    if (!(k in target)) target[k] = v;
    else if (typeof old === 'string' || typeof v === 'string' || !isTree(old) || !isTree(v)) {
      if (overwrite) target[k] = v;
    } else deepMerge(old, v, overwrite);
  }
  return target;
}

function walk(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (!isTree(node) || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

export class I18n {
  language = '';
  isInitialized = false;
  options: InitOptions = {};
  private data: Record<string, Record<string, Tree>> = {};
  private processors = new Map<string, PostProcessor>();
  private listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  /** Post-processors are kept; any other module (initReactI18next) has nothing to plug into here. */
  use(module: { type?: string; name?: string }): this {
    if (module.type === 'postProcessor') this.processors.set(module.name!, module as PostProcessor);
    return this;
  }

  init(options: InitOptions): Promise<TFunction> {
    this.options = options;
    this.language = options.lng ?? options.fallbackLng ?? 'en';
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, tree] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, tree, true, true);
    }
    this.isInitialized = true;
    this.emit('initialized', options);
    return Promise.resolve(this.t);
  }

  addResourceBundle(lng: string, ns: string, resources: Tree, deep = false, overwrite = false): this {
    const byNs = (this.data[lng] ??= {});
    const pack = byNs[ns] ?? {};
    byNs[ns] = deep ? deepMerge(pack, structuredClone(resources), overwrite) : { ...pack, ...resources };
    this.emit('added', lng, ns);
    return this;
  }

  removeResourceBundle(lng: string, ns: string): this {
    delete this.data[lng]?.[ns];
    this.emit('removed', lng, ns);
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.data[lng]?.[ns] !== undefined;
  }

  getResource(lng: string, ns: string, key: string): unknown {
    return walk(this.data[lng]?.[ns], key);
  }

  getResourceBundle(lng: string, ns: string): Tree | undefined {
    return this.data[lng]?.[ns];
  }

  changeLanguage(lng: string): Promise<TFunction> {
    if (lng !== this.language) {
      this.language = lng;
      this.emit('languageChanged', lng);
    }
    return Promise.resolve(this.t);
  }

  on(event: string, fn: (...args: unknown[]) => void): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return this;
  }

  off(event: string, fn: (...args: unknown[]) => void): this {
    this.listeners.get(event)?.delete(fn);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }

  exists(key: string | readonly string[], options: TOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  t: TFunction = (key, options) => this.translate(key, options);

  /** A `t` bound to a language (null: the current one at each call) and a namespace, as react-i18next makes. */
  getFixedT(lng: string | null, ns?: string | readonly string[]): TFunction {
    return (key, options) => {
      const opt: TOptions = typeof options === 'string' ? { defaultValue: options } : { ...options };
      opt.ns ??= ns;
      if (lng) opt.lng ??= lng;
      return this.translate(key, opt);
    };
  }

  private languages(opt: TOptions): readonly string[] {
    if (opt.lngs) return opt.lngs;
    const lng = opt.lng ?? this.language;
    const fallback = this.options.fallbackLng;
    return fallback && fallback !== lng ? [lng, fallback] : [lng];
  }

  private split(key: string, opt: TOptions): { key: string; namespaces: readonly string[] } {
    const ns = opt.ns ?? this.options.defaultNS ?? 'translation';
    let namespaces = typeof ns === 'string' ? [ns] : ns;
    if (key.includes(':')) {
      const parts = key.split(':');
      namespaces = [parts.shift()!];
      key = parts.join('.');
    }
    return { key, namespaces };
  }

  /** i18next's lookup order: each namespace, in it each language, in that the zero, plural and plain keys. */
  private resolve(keys: string | readonly string[], opt: TOptions): unknown {
    const plural = typeof opt.count === 'number';
    for (const k of typeof keys === 'string' ? [keys] : keys) {
      const { key, namespaces } = this.split(k, opt);
      for (const ns of namespaces) {
        for (const lng of this.languages(opt)) {
          const candidates = [key];
          if (plural) {
            candidates.push(`${key}_${pluralCategory(lng, opt.count!)}`);
            if (opt.count === 0) candidates.push(`${key}_zero`);
          }
          for (let i = candidates.length - 1; i >= 0; i--) {
            const found = this.getResource(lng, ns, candidates[i]!);
            if (found !== undefined && found !== null) return found;
          }
        }
      }
    }
    return undefined;
  }

  private interpolate(text: string, opt: TOptions): string {
    const data = isTree(opt.replace) ? opt.replace : opt;
    return text.replace(INTERPOLATION, (match, raw: string) => {
      const name = raw.trim();
      const value = walk(data, name);
      // A value not passed at all leaves the placeholder as it is; one passed as undefined or null leaves nothing.
      if (value === undefined) return Object.prototype.hasOwnProperty.call(opt, name) ? '' : match;
      return value === null ? '' : String(value);
    });
  }

  private translate(keys: string | readonly string[], options?: TOptions | string): string {
    const opt: TOptions = typeof options === 'string' ? { defaultValue: options } : { ...options };
    const keyList = typeof keys === 'string' ? [keys] : [...keys];
    const { key, namespaces } = this.split(keyList[keyList.length - 1]!, opt);
    let res = this.resolve(keyList, opt);
    if (res === undefined && 'defaultValue' in opt && isTree(opt.defaultValue)) res = opt.defaultValue;
    if (isTree(res)) {
      if (!opt.returnObjects) return `key '${key} (${this.language})' returned an object instead of string.`;
      return this.objectOf(res, key, namespaces, opt) as unknown as string;
    }
    let value: string;
    if (res !== undefined) value = typeof res === 'string' ? res : String(res);
    else {
      const hasDefault = 'defaultValue' in opt && opt.defaultValue !== undefined;
      value = hasDefault ? String(opt.defaultValue) : key;
      this.reportMissing(key, namespaces[namespaces.length - 1]!, opt, hasDefault ? opt.defaultValue : value);
    }
    value = this.interpolate(value, opt);
    for (const name of this.options.postProcess ?? []) {
      const processor = this.processors.get(name);
      if (processor) value = processor.process(value, keyList, opt, { language: this.language });
    }
    return value;
  }

  /** returnObjects: each string of the object or array translated (interpolated) on its own, as i18next does. */
  private objectOf(tree: Tree, key: string, namespaces: readonly string[], opt: TOptions): unknown {
    const copy: Tree | unknown[] = Array.isArray(tree) ? [] : {};
    for (const m of Object.keys(tree)) {
      const deepKey = `${key}.${m}`;
      const value = this.translate(deepKey, { ...opt, ns: namespaces });
      (copy as Tree)[m] = value === deepKey ? tree[m] : value;
    }
    return copy;
  }

  private reportMissing(key: string, ns: string, opt: TOptions, fallbackValue: unknown) {
    const handler = this.options.missingKeyHandler;
    if (!this.options.saveMissing || !handler) return;
    const lng = opt.lng ?? this.language;
    const lngs = this.options.fallbackLng ? [this.options.fallbackLng] : [lng];
    if (typeof opt.count !== 'number') return handler(lngs, ns, key, fallbackValue);
    for (const l of lngs) {
      for (const c of pluralCategories(l)) handler([l], ns, `${key}_${c}`, fallbackValue);
    }
  }
}

const i18n = new I18n();
export const createInstance = () => new I18n();
export default i18n;
