import type { ESLint, Rule } from 'eslint';

export declare const noSqlText: Rule.RuleModule;
export declare const portalPlugin: ESLint.Plugin;
