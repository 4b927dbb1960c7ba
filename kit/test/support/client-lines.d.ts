/** Types of client-lines.js (plain JavaScript, because jest.config.js loads it too). */
export declare const NODE20_LINES: Readonly<Record<string, string>>;
export declare const SAME_ON_EVERY_NODE: readonly string[];
export declare const clientAliases: Readonly<Record<string, string>>;
export declare function jestModuleNameMapper(): Record<string, string>;
