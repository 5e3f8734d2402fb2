export declare const CONTRACT: string;
export declare const GENERATED: string;
export declare const REGENERATE_COMMAND: string;
/** The TypeScript source generated from an OpenAPI document (the contract by default). */
export declare function generateTypes(contractText?: string): Promise<string>;
